import { afterAll, describe, expect, test } from "bun:test";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../../src/generate/template-tree.ts";
import { missing, mysqlUrl, postgresUrl, withDatabase } from "../../support/env.ts";
import { fakeTools } from "../../support/fake-tools.ts";
import { type CommandResult, expectSuccess, projectEnv, runCommand } from "../../support/generated-project.ts";
import { dropMysqlDatabase, dropPostgresDatabase } from "../../support/server-databases.ts";

const DEV_SECRET = "development-only-secret-change-me-0123456789abcdef";

/** A copy of the generated project (without node_modules) that one scenario of setup.sh may change at will. */
async function projectCopy(dir: string): Promise<string> {
  const copy = join(await mkdtemp(join(tmpdir(), "scaffold-setup-")), "project");
  await cp(dir, copy, { recursive: true, filter: (path) => !path.includes("/node_modules") });
  return copy;
}

function setup(dir: string, args: string[], pathPrefix?: string): Promise<CommandResult> {
  const env = projectEnv();
  if (pathPrefix) env.PATH = `${pathPrefix}:${env.PATH}`;
  return runCommand("./setup.sh", args, { cwd: dir, env, timeoutMs: 600_000 });
}

async function dotEnv(dir: string): Promise<Record<string, string>> {
  const text = await readFile(join(dir, ".env"), "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/**
 * setup.sh of a generated project, in copies of it: the path it takes on this machine for real (install, .env, the
 * database, the tests), run twice; and, with stand-ins for the tools it asks, the paths this machine does not offer
 * (a container runtime; no local server).
 */
export function describeSetupScript(
  database: Database,
  project: () => string,
  {
    secret = true,
  }: { /** The template's .env.example ships a development JWT_SECRET (full). */ secret?: boolean } = {},
): void {
  describe("setup.sh", () => {
    const scratch: string[] = [];
    const copy = async () => {
      const dir = await projectCopy(project());
      scratch.push(join(dir, ".."));
      return dir;
    };
    const stubs = async (tools: Record<string, number>) => {
      const fake = await fakeTools(tools);
      scratch.push(fake.bin);
      return fake;
    };
    afterAll(async () => {
      for (const dir of scratch) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    const withContainers =
      database === "sqlite"
        ? "with a container runtime: starts nothing (the database is a file) and leaves DATABASE_URL alone"
        : "with a container runtime: starts compose.yaml's database service and points DATABASE_URL at it";
    test(withContainers, async () => {
      const dir = await copy();
      const tools = await stubs({ docker: 0 });
      const result = await setup(dir, ["--skip-install", "--skip-tests"], tools.bin);
      expectSuccess("setup.sh", result);
      const example = await readFile(join(dir, ".env.example"), "utf8");
      const containerUrl = /^# container: DATABASE_URL=(.*)$/m.exec(example)?.[1];
      if (database === "sqlite") {
        // Nothing to start: the database is a file.
        expect(containerUrl).toBeUndefined();
        expect(await tools.calls()).not.toContain("compose up");
        expect((await dotEnv(dir)).DATABASE_URL).toBe("file:./.data/app.sqlite");
        return;
      }
      expect(await tools.calls()).toContain("docker compose up -d --wait database");
      expect((await dotEnv(dir)).DATABASE_URL).toBe(containerUrl as string);
      // The comment that explains DATABASE_URL stays above it, and does not call it the embedded database.
      const commentAbove = (text: string) => {
        const lines = text.split("\n");
        return lines[lines.findIndex((line) => line.startsWith("DATABASE_URL=")) - 1];
      };
      const comment = commentAbove(await readFile(join(dir, ".env"), "utf8"));
      expect(comment).toBe(commentAbove(example) as string);
      expect(comment).not.toMatch(/^# Embedded/i);
      const second = await setup(dir, ["--skip-install", "--skip-tests"], tools.bin);
      expectSuccess("setup.sh (again)", second);
      expect((await dotEnv(dir)).DATABASE_URL).toBe(containerUrl as string);
      expect((await tools.calls()).split("compose up").length - 1).toBe(2); // started again: it is setup.sh's choice
      const compose = Bun.YAML.parse(await readFile(join(dir, "compose.yaml"), "utf8")) as {
        services: Record<string, { ports?: string[] }>;
      };
      const port = new URL(containerUrl as string).port;
      expect(compose.services.database?.ports?.some((mapping) => mapping.endsWith(`:${port}:${port}`))).toBe(true);
    }, 60_000);

    const replaces = secret
      ? "replaces only the development JWT_SECRET, in place: every other line of .env (comments, order) stays"
      : "has no secret to replace: every line of .env (comments, order) stays, no secret is named";
    test(replaces, async () => {
      const dir = await copy();
      const tools = await stubs({ docker: 1, podman: 1, pg_isready: 2, "mariadb-admin": 0, mysqladmin: 0 });
      const before = (await readFile(join(dir, ".env"), "utf8")).split("\n");
      const result = await setup(dir, ["--skip-install", "--skip-tests"], tools.bin);
      expectSuccess("setup.sh", result);
      const after = (await readFile(join(dir, ".env"), "utf8")).split("\n");
      const secretLine = before.indexOf(`JWT_SECRET=${DEV_SECRET}`);
      if (secret) {
        expect(secretLine).toBeGreaterThanOrEqual(0);
        expect(after[secretLine]).toMatch(/^JWT_SECRET=/);
        expect(after[secretLine]).not.toBe(before[secretLine]);
      } else {
        expect(secretLine).toBe(-1);
        expect(result.output).not.toMatch(/secret/i);
      }
      // The rest as it was, in place; only DATABASE_URL's value may differ where setup.sh picked the local server
      // (MySQL: a stand-in answers), and then on its own line.
      const rest = (lines: string[]) =>
        lines.map((line, index) =>
          index === secretLine ? "JWT_SECRET" : line.startsWith("DATABASE_URL=") ? "DATABASE_URL" : line,
        );
      expect(rest(after)).toEqual(rest(before));
    }, 60_000);

    test(`keeps every value set by hand in .env (DATABASE_URL, PORT, ${secret ? "JWT_SECRET, " : ""}a variable of your own), run after run`, async () => {
      const dir = await copy();
      const tools = await stubs({ docker: 0 }); // a container runtime: the path that would pick a DATABASE_URL
      const handSet: Record<string, string> = {
        DATABASE_URL: {
          sqlite: "file:./.data/mine.sqlite",
          postgres: "postgres://me:secret@db.internal:5432/mine",
          mysql: "mysql://me:secret@db.internal:3306/mine",
        }[database],
        PORT: "9090",
        ...(secret ? { JWT_SECRET: "a-secret-of-my-own-that-is-long-enough-0123456789" } : {}),
        MY_SETTING: "mine",
      };
      const edited = Object.entries(handSet).reduce(
        (text, [key, value]) =>
          text.includes(`\n${key}=`)
            ? text.replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`)
            : `${text}${key}=${value}\n`,
        await readFile(join(dir, ".env"), "utf8"),
      );
      await writeFile(join(dir, ".env"), edited);
      for (const run of ["first", "second"]) {
        const result = await setup(dir, ["--skip-install", "--skip-tests"], tools.bin);
        expectSuccess(`setup.sh (${run} run)`, result);
        expect(await readFile(join(dir, ".env"), "utf8")).toBe(edited);
        expect(result.output).toContain("DATABASE_URL: kept");
      }
      expect(await tools.calls()).not.toContain("compose up"); // the database is yours, not the container
    }, 60_000);

    if (database === "sqlite" && !secret) {
      test("installs, runs the tests, twice, and leaves .env as it was", async () => {
        const dir = await copy();
        const before = await readFile(join(dir, ".env"), "utf8");
        for (const run of ["first", "second"]) {
          const result = await setup(dir, []);
          expectSuccess(`setup.sh (${run} run)`, result);
          expect(result.output).toMatch(/\d+ pass\s+0 fail/);
          expect(await readFile(join(dir, ".env"), "utf8")).toBe(before);
        }
      }, 600_000);
    }

    if (database === "sqlite" && secret) {
      test("installs, writes a random JWT_SECRET, runs the tests; a second run keeps the secret", async () => {
        const dir = await copy();
        const first = await setup(dir, []);
        expectSuccess("setup.sh", first);
        expect(first.output).toContain("JWT_SECRET: a new random secret");
        const secret = (await dotEnv(dir)).JWT_SECRET as string;
        expect(secret).not.toBe(DEV_SECRET);
        expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
        expect(first.output).toMatch(/\d+ pass\s+0 fail/);
        const second = await setup(dir, []);
        expectSuccess("setup.sh (again)", second);
        expect(second.output).toContain("JWT_SECRET: kept");
        expect((await dotEnv(dir)).JWT_SECRET).toBe(secret);
      }, 600_000);
    }

    if (database === "postgres") {
      test("without a container runtime or a local server: the embedded database (PGlite)", async () => {
        const dir = await copy();
        const tools = await stubs({ pg_isready: 2 }); // "no response"
        expectSuccess("setup.sh", await setup(dir, ["--skip-install", "--skip-tests"], tools.bin));
        expect((await dotEnv(dir)).DATABASE_URL).toBe("pglite:./.data/postgres");
      }, 60_000);

      test.skipIf(missing("PostgreSQL (TEST_POSTGRES_URL)", postgresUrl))(
        "with the local PostgreSQL server: creates the project's database, points .env at it, the tests pass on it",
        async () => {
          const dir = await copy();
          const databaseName = "e2e_postgres"; // setup.sh's name for project "e2e-postgres"
          await dropPostgresDatabase(postgresUrl as string, databaseName);
          try {
            const result = await setup(dir, []);
            expectSuccess("setup.sh", result);
            const url = new URL((await dotEnv(dir)).DATABASE_URL as string);
            expect(url.toString()).toBe(withDatabase("postgres://postgres@127.0.0.1:5432/postgres", databaseName));
            expect(result.output).toMatch(/\d+ pass\s+0 fail/);
            expect(result.output).toMatch(/repositor(y|ies) on postgresql \(/); // on the server, not embedded
          } finally {
            await dropPostgresDatabase(postgresUrl as string, databaseName);
          }
        },
        600_000,
      );
    }

    if (database === "mysql") {
      test("without a container runtime or a local server: stops with a message saying what to start", async () => {
        const dir = await copy();
        const tools = await stubs({ "mariadb-admin": 1, mysqladmin: 1 });
        const result = await setup(dir, ["--skip-install", "--skip-tests"], tools.bin);
        expect(result.code).toBe(1);
        expect(result.output).toContain(
          "MySQL needs a server: start Docker or Podman (compose.yaml) or install MariaDB",
        );
      }, 60_000);

      test.skipIf(missing("MariaDB/MySQL (TEST_MYSQL_URL)", mysqlUrl))(
        "with the local MariaDB server: points .env at the project's database, the tests pass on it",
        async () => {
          const dir = await copy();
          const databaseName = "e2e_mysql";
          await dropMysqlDatabase(mysqlUrl as string, databaseName);
          try {
            const result = await setup(dir, []);
            expectSuccess("setup.sh", result);
            expect((await dotEnv(dir)).DATABASE_URL).toBe(`mysql://root@127.0.0.1:3306/${databaseName}`);
            expect(result.output).toMatch(/\d+ pass\s+0 fail/);
            expect(result.output).toMatch(/repositor(y|ies) on mysql \(/);
          } finally {
            await dropMysqlDatabase(mysqlUrl as string, databaseName);
          }
        },
        600_000,
      );
    }
  });
}
