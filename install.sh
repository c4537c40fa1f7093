#!/bin/sh
# Installs the scaffold CLI: the prebuilt binary for this OS and CPU, verified against the release's SHA256SUMS.
#
#   curl -fsSL https://github.com/scaffold-dev/scaffold/releases/latest/download/install.sh | sh
#   curl -fsSL .../install.sh | sh -s -- --version 0.1.0 --install-dir /usr/local/bin
#   sh dist/install.sh --from dist          # a local build (npm run build), or --from <url> of that folder served
# Options: sh install.sh --help. Documented in docs/install.md.
set -eu

version=${SCAFFOLD_VERSION:-latest}
install_dir=${SCAFFOLD_INSTALL_DIR:-${HOME:?HOME is not set}/.local/bin}
base_url=${SCAFFOLD_BASE_URL:-https://github.com/scaffold-dev/scaffold/releases}
from=${SCAFFOLD_FROM:-}

say() { printf '%s\n' "$*"; }
fail() {
  printf 'scaffold install: %s\n' "$*" >&2
  exit 1
}
usage() {
  cat <<'EOF'
usage: install.sh [--version <v>] [--install-dir <dir>] [--base-url <url> | --from <url|dir>]
  --version <v>       (env SCAFFOLD_VERSION)      release to install, e.g. 0.1.0 or v0.1.0 (default: latest)
  --install-dir <d>   (env SCAFFOLD_INSTALL_DIR)  where the `scaffold` binary goes (default: ~/.local/bin)
  --base-url <url>    (env SCAFFOLD_BASE_URL)     releases base URL, for mirrors (default: the GitHub releases);
                      files are read from <url>/latest/download/<file> or <url>/download/v<version>/<file>
  --from <url|dir>    (env SCAFFOLD_FROM)         a folder holding one build's files side by side, as
                      `npm run build` writes dist/: a local path, or its URL when served; no --version
Exit status: 0 installed, 1 failure (unsupported platform, download, checksum), 2 usage error.
EOF
}

while [ $# -gt 0 ]; do
  case $1 in
    --version) [ $# -ge 2 ] || { usage >&2; exit 2; }; version=$2; shift 2 ;;
    --version=*) version=${1#*=}; shift ;;
    --install-dir) [ $# -ge 2 ] || { usage >&2; exit 2; }; install_dir=$2; shift 2 ;;
    --install-dir=*) install_dir=${1#*=}; shift ;;
    --base-url) [ $# -ge 2 ] || { usage >&2; exit 2; }; base_url=$2; shift 2 ;;
    --base-url=*) base_url=${1#*=}; shift ;;
    --from) [ $# -ge 2 ] || { usage >&2; exit 2; }; from=$2; shift 2 ;;
    --from=*) from=${1#*=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) printf 'scaffold install: unknown option %s (see --help)\n' "$1" >&2; exit 2 ;;
  esac
done
if [ -n "$from" ] && [ "$version" != latest ]; then
  printf 'scaffold install: --version does not apply to --from (the folder holds one build)\n' >&2
  exit 2
fi

detect_os() {
  case $(uname -s) in
    Linux) echo linux ;;
    Darwin) echo darwin ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
      fail "on Windows, download scaffold-windows-x64.exe from ${base_url} instead" ;;
    *) fail "unsupported operating system: $(uname -s) (binaries exist for Linux, macOS and Windows)" ;;
  esac
}

detect_arch() {
  case $(uname -m) in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) fail "unsupported CPU architecture: $(uname -m) (binaries exist for x64 and arm64)" ;;
  esac
  # A shell under Rosetta 2 reports x86_64 on Apple silicon: install the native arm64 binary instead.
  if [ "$1" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
    arch=arm64
  fi
  echo "$arch"
}

# The Linux binaries link against glibc; on musl (Alpine and the like) they do not start. musl's ldd says so; a
# glibc system can have musl's loader installed too, so that file only counts when glibc is absent.
is_musl() {
  if ldd --version 2>&1 | grep -qi musl; then return 0; fi
  if getconf GNU_LIBC_VERSION >/dev/null 2>&1; then return 1; fi
  ls /lib/ld-musl-* >/dev/null 2>&1
}

check_libc() {
  if is_musl; then
    fail "musl libc (e.g. Alpine Linux) is not supported by the prebuilt binaries: use a glibc-based system, or run scaffold from source (see the README)"
  fi
}

# A local path (a folder given to --from) is copied; anything else is a URL.
download() {
  case $1 in
    *://*) ;;
    *) cp "$1" "$2" 2>/dev/null; return ;;
  esac
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    fail "neither curl nor wget is installed"
  fi
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  else
    fail "neither sha256sum nor shasum is installed: cannot verify the download"
  fi
}

os=$(detect_os)
arch=$(detect_arch "$os")
[ "$os" = linux ] && check_libc
file="scaffold-${os}-${arch}"

base_url=${base_url%/}
case $version in
  latest) url="${base_url}/latest/download" ;;
  v*) url="${base_url}/download/${version}" ;;
  *) url="${base_url}/download/v${version}" ;;
esac
release=" (${version})"
# A build's folder (dist/) holds its files side by side, one version only.
if [ -n "$from" ]; then
  url=${from%/}
  release=""
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

case $url in
  *://*) fetching=Downloading; failed="download failed" ;;
  *) fetching=Copying; failed="copy failed" ;;
esac
say "${fetching} ${file}${release} from ${url}"
download "${url}/${file}" "${tmp}/${file}" || fail "${failed}: ${url}/${file}"
download "${url}/SHA256SUMS" "${tmp}/SHA256SUMS" || fail "${failed}: ${url}/SHA256SUMS"

expected=$(awk -v f="$file" '$2 == f || $2 == "*" f { print $1; exit }' "${tmp}/SHA256SUMS")
[ -n "$expected" ] || fail "${file} is not listed in SHA256SUMS of ${url}"
actual=$(sha256_of "${tmp}/${file}")
[ "$actual" = "$expected" ] || fail "checksum mismatch for ${file}: expected ${expected}, got ${actual}; nothing installed"

mkdir -p "$install_dir" || fail "cannot create ${install_dir}"
# Copy beside the target, then rename: an already running scaffold is never overwritten in place.
cp "${tmp}/${file}" "${install_dir}/.scaffold.tmp.$$" || fail "cannot write to ${install_dir}"
chmod 755 "${install_dir}/.scaffold.tmp.$$"
mv -f "${install_dir}/.scaffold.tmp.$$" "${install_dir}/scaffold"
say "Installed scaffold to ${install_dir}/scaffold"

case ":${PATH}:" in
  *":${install_dir}:"*) say "Run: scaffold new my-api" ;;
  *)
    say ""
    say "${install_dir} is not on your PATH. Add it, e.g. in ~/.profile (or ~/.bashrc, ~/.zshrc):"
    say "  export PATH=\"${install_dir}:\$PATH\""
    say "then open a new shell and run: scaffold new my-api"
    ;;
esac
