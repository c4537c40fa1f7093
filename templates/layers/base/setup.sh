#!/bin/sh
# One-time set-up, safe to run again: installs dependencies, writes .env with random secrets, configures the
# database (a container when a container runtime is running, else a local server, else the embedded database where
# there is one), then verifies everything by running the tests.
# Every value you set in .env stays: setup.sh replaces only published development secrets, and picks
# DATABASE_URL only while it is missing or still the value of .env.example (delete the line to have it pick again).
#   --skip-install   do not run npm install (CI installs the dependencies itself)
#   --skip-tests     do not run the tests at the end
set -eu
cd "$(dirname "$0")"

skip_install=false
skip_tests=false
for arg in "$@"; do
  case "$arg" in
    --skip-install) skip_install=true ;;
    --skip-tests) skip_tests=true ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

say() { printf '\n==> %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# Replaces the value of KEY=... in .env on its own line, or appends the line (portable: no sed -i).
set_env() {
  if grep -q "^$1=" .env; then
    KEY=$1 VALUE=$2 awk 'index($0, ENVIRON["KEY"] "=") == 1 { $0 = ENVIRON["KEY"] "=" ENVIRON["VALUE"] } { print }' \
      .env > .env.tmp
    mv .env.tmp .env
  else
    printf '%s=%s\n' "$1" "$2" >> .env
  fi
}

# The value of KEY in file $2 (empty when the line is missing).
env_value() { sed -n "s/^$1=//p" "$2" | tail -n 1; }

database=$(sed -n 's/.*"database": *"\([a-z]*\)".*/\1/p' scaffold.json)
db_name=$(printf '%s' "__PROJECT_NAME__" | tr -c 'A-Za-z0-9_' '_')

if [ "$skip_install" = false ]; then
  say "Installing dependencies"
  npm install
fi

say "Writing .env"
[ -f .env ] || cp .env.example .env
# Each secret that .env.example ships as a published development value (development-only-...) gets a random value of
# its own, unless .env already holds one.
sed -n 's/^\([A-Z_][A-Z0-9_]*\)=development-only-.*/\1/p' .env.example | while read -r key; do
  case "$(env_value "$key" .env)" in
    "" | development-only-*)
      set_env "$key" "$(node -e 'console.log(require("node:crypto").randomBytes(48).toString("base64url"))')"
      echo "$key: a new random secret"
      ;;
    *) echo "$key: kept" ;;
  esac
done

container_runtime() {
  for runtime in docker podman; do
    if have "$runtime" && "$runtime" info >/dev/null 2>&1 && "$runtime" compose version >/dev/null 2>&1; then
      echo "$runtime"
      return
    fi
  done
}

say "Configuring the $database database"
container_url=$(sed -n 's/^# container: DATABASE_URL=//p' .env.example)
runtime=$(container_runtime)
database_url=$(env_value DATABASE_URL .env)
if [ -n "$database_url" ] && [ "$database_url" != "$(env_value DATABASE_URL .env.example)" ]; then
  # Set by you or by an earlier run: kept. The container it names is started again (e.g. after a reboot).
  if [ "$database_url" = "$container_url" ] && [ -n "$runtime" ]; then
    "$runtime" compose up -d --wait database
  fi
  echo "DATABASE_URL: kept (as set in .env)"
elif [ -n "$container_url" ] && [ -n "$runtime" ]; then
  "$runtime" compose up -d --wait database
  set_env DATABASE_URL "$container_url"
  echo "using the database container of compose.yaml ($runtime)"
else
  case "$database" in
    postgres)
      if have pg_isready && pg_isready -q -h 127.0.0.1 -p 5432; then
        url="postgres://${PGUSER:-postgres}@127.0.0.1:5432/$db_name"
        psql -q -h 127.0.0.1 -U "${PGUSER:-postgres}" -d postgres -c "create database \"$db_name\"" 2>/dev/null || true
        set_env DATABASE_URL "$url"
        echo "using the local PostgreSQL server: $url (set PGUSER / edit .env for other credentials)"
      else
        set_env DATABASE_URL "pglite:./.data/postgres"
        echo "no container runtime and no local server: using embedded PostgreSQL (PGlite) in .data/postgres"
      fi
      ;;
    mysql)
      if { have mariadb-admin && mariadb-admin -h 127.0.0.1 -u root ping >/dev/null 2>&1; } ||
        { have mysqladmin && mysqladmin -h 127.0.0.1 -u root ping >/dev/null 2>&1; }; then
        set_env DATABASE_URL "mysql://root@127.0.0.1:3306/$db_name"
        echo "using the local MySQL/MariaDB server (the service creates database $db_name on first start)"
      else
        echo "MySQL needs a server: start Docker or Podman (compose.yaml) or install MariaDB, then run ./setup.sh again" >&2
        exit 1
      fi
      ;;
    *)
      echo "SQLite: $(sed -n 's/^DATABASE_URL=//p' .env) (created on first start)"
      ;;
  esac
fi

if [ "$skip_tests" = false ]; then
  say "Verifying: npm test"
  npm test
fi

say "Done. Start the service with: npm start   (or npm run start:bun / start:deno, or make help)"
