import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "mysql2/promise";
import postgres from "postgres";
import { missing, mysqlUrl, postgresUrl, uniqueDatabaseName, withDatabase } from "../../support/env.ts";
import { expectSuccess, npmRun, projectEnv } from "../../support/generated-project.ts";
import { oldestNodeBin } from "../../support/oldest-node.ts";
import { freePort } from "../../support/ports.ts";
import { BOOT_RUNTIMES, type BootRuntime, START_SCRIPTS, startService } from "../../support/runtimes.ts";
import { dropPostgresDatabase } from "../../support/server-databases.ts";
import { installedFullProject } from "./installed-project.ts";

const SECRET = "a-random-production-secret-of-32-bytes-or-more";
/** A password that must never be printed back. */
const WRONG_PASSWORD = "wrong-e2e-password-5d1f";
/** A start-up failure is one line within seconds: the runtimes themselves take 1-5 s to load the service here. */
const FAILS_WITHIN_MS = 12_000;

/** `npm run <start script>` of `runtime` until it exits (or 30 s): exit code, output and how long it ran. */
async function start(dir: string, runtime: BootRuntime, env: Record<string, string>) {
  const script = runtime === "oldest node" ? START_SCRIPTS.node : START_SCRIPTS[runtime];
  // The oldest Node.js first on PATH: npm then runs the script on it.
  const path: Record<string, string> =
    runtime === "oldest node" ? { PATH: `${await oldestNodeBin()}:${projectEnv().PATH}` } : {};
  const started = performance.now();
  const result = await npmRun(
    dir,
    script,
    { APP_ENV: "production", JWT_SECRET: SECRET, PORT: "0", ...env, ...path },
    30_000,
  );
  return { ...result, ms: performance.now() - started };
}

/** Exit 1 (null: still running), exactly `line` last, no stack trace, the password nowhere, within seconds. */
function expectOneLine(result: { code: number | null; output: string; ms: number }, line: string): void {
  expect(result.code).toBe(1);
  expect(result.output.trim().split("\n").at(-1)).toBe(line);
  expect(result.output).not.toMatch(/\n\s+at /);
  expect(result.output).not.toContain(WRONG_PASSWORD);
  expect(result.ms).toBeLessThan(FAILS_WITHIN_MS);
}

/** `host:port` of a server URL as the service's start-up lines name it. */
function address(url: string, defaultPort: number): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || defaultPort}`;
}

const refusedLine = (port: number) =>
  `No database server answers at 127.0.0.1:${port} (connection refused): start it, or check the host and port in DATABASE_URL`;

/**
 * Database start-up failures of a generated service that are the configuration's doing: one line naming
 * DATABASE_URL, exit 1, on every runtime and the oldest Node.js (issue 28, items 1 and 2).
 */
describe.skipIf(missing("a MySQL server (TEST_MYSQL_URL)", mysqlUrl))("MySQL service start-up failures", () => {
  const server = mysqlUrl as string;
  const project = installedFullProject("mysql", "none");
  const user = "scaffold_e2e";

  beforeAll(async () => {
    const root = await createConnection(withDatabase(server, ""));
    await root.query(`CREATE USER IF NOT EXISTS '${user}'@'%' IDENTIFIED BY 'right'`);
    await root.end();
  });

  const deniedLine = `Database access denied for user "${user}" at ${address(server, 3306)}: check the user and password in DATABASE_URL`;
  const wrongPasswordUrl = () => {
    const url = new URL(withDatabase(server, "app"));
    url.username = user;
    url.password = WRONG_PASSWORD;
    return url.toString();
  };

  for (const runtime of BOOT_RUNTIMES) {
    test(`${runtime}: a wrong password is one line naming the user and DATABASE_URL`, async () => {
      expectOneLine(await start(project(), runtime, { DATABASE_URL: wrongPasswordUrl() }), deniedLine);
    }, 60_000);

    test(`${runtime}: a port nobody listens on is one line`, async () => {
      const port = await freePort();
      const result = await start(project(), runtime, { DATABASE_URL: `mysql://root@127.0.0.1:${port}/app` });
      expectOneLine(result, refusedLine(port));
    }, 60_000);
  }

  test("npm test with a wrong password skips the repository tests with that line and passes the rest", async () => {
    const result = await npmRun(project(), "test", { DATABASE_URL: wrongPasswordUrl() }, 300_000);
    expect(result.output).toContain(`skipping the repository tests: ${deniedLine}`);
    expect(result.output).not.toContain(WRONG_PASSWORD);
    expectSuccess("npm test", result);
  }, 320_000);
});

describe.skipIf(missing("a PostgreSQL server (TEST_POSTGRES_URL)", postgresUrl))(
  "PostgreSQL service start-up failures",
  () => {
    const server = postgresUrl as string;
    const project = installedFullProject("postgres", "none");
    const created: string[] = [];

    afterAll(async () => {
      for (const name of created) await dropPostgresDatabase(server, name);
    }, 60_000);

    // The server trusts 127.0.0.1 (no password is checked): a role that does not exist stands for wrong credentials.
    const missingRole = "scaffold_e2e_no_such_role";
    const missingRoleUrl = () => {
      const url = new URL(withDatabase(server, "app"));
      url.username = missingRole;
      url.password = WRONG_PASSWORD;
      return url.toString();
    };

    for (const runtime of BOOT_RUNTIMES) {
      test(`${runtime}: an unknown role is one line naming it and DATABASE_URL`, async () => {
        expectOneLine(
          await start(project(), runtime, { DATABASE_URL: missingRoleUrl() }),
          `Database access denied for user "${missingRole}" at ${address(server, 5432)} (role "${missingRole}" does not exist): check the user and password in DATABASE_URL`,
        );
      }, 60_000);

      test(`${runtime}: a port nobody listens on is one line`, async () => {
        const port = await freePort();
        const result = await start(project(), runtime, { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/app` });
        expectOneLine(result, refusedLine(port));
      }, 60_000);

      test(`${runtime}: a missing database is created, and the service starts and answers /health`, async () => {
        const name = uniqueDatabaseName("startup_created");
        created.push(name);
        const service = await startService(project(), runtime, {
          APP_ENV: "production",
          JWT_SECRET: SECRET,
          DATABASE_URL: withDatabase(server, name),
        });
        try {
          expect((await service.stop("SIGTERM", 20_000)).code).toBe(0);
        } finally {
          service.kill();
        }
        const admin = postgres(server, { max: 1, onnotice: () => {} });
        try {
          const rows = await admin`select 1 from pg_database where datname = ${name}`;
          expect(rows.length).toBe(1);
        } finally {
          await admin.end();
        }
      }, 90_000);
    }

    test("npm test on a missing database creates it and runs the repository tests", async () => {
      const name = uniqueDatabaseName("startup_test");
      created.push(name);
      const result = await npmRun(project(), "test", { DATABASE_URL: withDatabase(server, name) }, 300_000);
      expect(result.output).not.toContain("skipping the repository tests");
      expectSuccess("npm test", result);
    }, 320_000);

    test("npm test with nothing listening skips the repository tests with the start-up line", async () => {
      const port = await freePort();
      const result = await npmRun(
        project(),
        "test",
        { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/app` },
        300_000,
      );
      expect(result.output).toContain(`skipping the repository tests: ${refusedLine(port)}`);
      expectSuccess("npm test", result);
    }, 320_000);
  },
);
