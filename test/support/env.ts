/**
 * What the machine offers the tests. Server databases come from TEST_POSTGRES_URL / TEST_MYSQL_URL (.ci/run exports
 * them); Debian tools (chromium, shellcheck) are looked up on PATH. Outside CI a missing one skips only the tests that
 * need it, by name; in CI (CI=true) a missing one is a failure, so CI always runs every test.
 */
import { randomBytes } from "node:crypto";

export const inCI = process.env.CI === "true";
export const postgresUrl = process.env.TEST_POSTGRES_URL;
export const mysqlUrl = process.env.TEST_MYSQL_URL;

/** Path of a tool on PATH, or undefined. */
export function findTool(name: string): string | undefined {
  return Bun.which(name) ?? undefined;
}

/** True when tests needing `what` must be skipped; in CI a missing requirement throws instead. */
export function missing(what: string, present: unknown): boolean {
  if (present) return false;
  if (inCI) throw new Error(`CI requires ${what}, which is missing on this machine`);
  console.warn(`skipping tests that need ${what} (not available here)`);
  return true;
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? findTool("chromium") ?? findTool("chromium-browser");

/** A unique database name for one test suite, so suites never share tables. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
}

/** Same server URL, other database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
