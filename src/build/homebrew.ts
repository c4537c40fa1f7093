import type { TargetName } from "./targets.ts";

/** The targets Homebrew installs from (macOS and Linux, both architectures). */
export const HOMEBREW_TARGETS = [
  "darwin-arm64",
  "darwin-x64",
  "linux-arm64",
  "linux-x64",
] as const satisfies readonly TargetName[];

export interface FormulaInput {
  version: string;
  /** Where `<file>` of a version is found: `<downloadUrl>/<file>`. */
  downloadUrl: string;
  homepage: string;
  /** sha256 by release file name, as in SHA256SUMS; must hold `scaffold-<target>` of every Homebrew target. */
  sha256: Readonly<Record<string, string>>;
}

function platformBlock(input: FormulaInput, target: (typeof HOMEBREW_TARGETS)[number]): string {
  const cpu = target.endsWith("arm64") ? "on_arm" : "on_intel";
  const file = `scaffold-${target}`;
  const hash = input.sha256[file];
  if (!hash) throw new Error(`the Homebrew formula needs ${file}, which was not built`);
  return [`    ${cpu} do`, `      url "${input.downloadUrl}/${file}"`, `      sha256 "${hash}"`, "    end"].join("\n");
}

/** A Homebrew formula installing the prebuilt binary for the machine's OS and CPU. */
export function homebrewFormula(input: FormulaInput): string {
  const os = (name: "darwin" | "linux") =>
    HOMEBREW_TARGETS.filter((target) => target.startsWith(name))
      .map((target) => platformBlock(input, target))
      .join("\n");
  return `class Scaffold < Formula
  desc "Generator of production-ready TypeScript backend services"
  homepage "${input.homepage}"
  version "${input.version}"
  license "MIT"

  on_macos do
${os("darwin")}
  end

  on_linux do
${os("linux")}
  end

  def install
    # The download is the bare binary, staged under its release name (scaffold-<os>-<arch>).
    bin.install Dir["scaffold-*"].first => "scaffold"
    chmod 0755, bin/"scaffold"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/scaffold --version")
  end
end
`;
}
