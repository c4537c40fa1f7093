import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Database, TemplateName } from "../../../src/generate/template-tree.ts";
import { expectSuccess, generateProject, npmInstall, npmRun, runCommand } from "../../support/generated-project.ts";
import { BOOT_RUNTIMES, type Runtime } from "../../support/runtimes.ts";
import { type Backend, type OpenBackend, sqliteFile } from "./backends.ts";
import { describeBoot } from "./boot-suite.ts";
import { describeImage } from "./image-suite.ts";
import { describeMakefile } from "./makefile-suite.ts";
import { describeOldNode } from "./old-node-suite.ts";
import { describeReadmeWalkthrough } from "./readme-walkthrough.ts";
import { describeSetupScript } from "./setup-suite.ts";
import { replayWorkflow } from "./workflow-replay.ts";

/** How documentation names each database (a project's README must not send its reader to another one). */
const DATABASE_NAMES: Record<Database, string[]> = {
  postgres: ["PostgreSQL", "PGlite", "postgres"],
  mysql: ["MySQL", "MariaDB", "mysql2"],
  sqlite: ["SQLite"],
};

export interface GeneratedProjectPlan {
  /** Default `full`. */
  template?: TemplateName;
  database: Database;
  /** `npm test` of the generated project with its default database (embedded: PGlite, SQLite). */
  testsWithDefaultDatabase: boolean;
  /** Databases the project's own tests run against through `DATABASE_URL`, and the service is booted on. */
  backends: { backend: Backend; projectTests: boolean; outage: boolean }[];
  /** A `DATABASE_URL` of the right kind that nothing answers (the configuration check must come first). */
  unreachableDatabaseUrl: string;
  /** The boot (backend label, runtime) that also opens the API reference (graphql: GraphiQL) in Chromium. */
  browserBoot: { backend: Backend; runtime: Runtime };
  /**
   * The backend the container image (Dockerfile replayed) runs on: a server one by URL, else the image's default.
   * None: no image replay.
   */
  imageBackend?: Backend;
  /** Replay the project's CI workflow here: only where it needs no container (GitHub's runners start them). */
  replayWorkflow: boolean;
  /** Run every Makefile target (the Makefile is the same for every database, so one project does). */
  makefile: boolean;
}

/** Files of a generated project that may be read as text (everything but what npm and git put there). */
async function projectTextFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    if (/^(node_modules|\.git)\/|^package-lock\.json$|^\.service-/.test(path)) continue;
    files.push(path);
  }
  return files;
}

/**
 * The whole check of one template x one database: generate, install once, type-check, lint, the project's own tests,
 * then one boot per backend and runtime (sequential, to stay economical on two cores).
 */
export function describeGeneratedProject(plan: GeneratedProjectPlan): void {
  const template = plan.template ?? "full";
  describe(`generated ${template} project x ${plan.database}`, () => {
    let dir = "";
    let installOutput = "";

    beforeAll(async () => {
      dir = await generateProject(template, plan.database);
      const install = await npmInstall(dir);
      expectSuccess("npm install", install);
      installOutput = install.output;
    }, 600_000);

    afterAll(async () => {
      if (dir) await rm(dirname(dir), { recursive: true, force: true });
    }, 60_000);

    test("npm install runs only the install scripts package.json lists, warns of none, and reports no usage", async () => {
      expect(installOutput).not.toContain("allowScripts");
      const { allowScripts = {}, scarfSettings } = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
      const query = await runCommand(
        "npm",
        ["query", ":attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])"],
        { cwd: dir },
      );
      expectSuccess("npm query", query);
      const nodes = JSON.parse(query.output.slice(query.output.indexOf("["))) as { name: string }[];
      const withScripts = [...new Set(nodes.map(({ name }) => name))];
      expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
      // Swagger UI's usage reporting: denied, and off for a package manager that runs it anyway.
      if (withScripts.includes("@scarf/scarf")) {
        expect(allowScripts["@scarf/scarf"]).toBe(false);
        expect(scarfSettings).toEqual({ enabled: false });
      }
    }, 60_000);

    test("npm run typecheck passes", async () => {
      expectSuccess("npm run typecheck", await npmRun(dir, "typecheck"));
    }, 180_000);

    test("npm run lint passes", async () => {
      expectSuccess("npm run lint", await npmRun(dir, "lint"));
    }, 120_000);

    test("its documentation (README.md, docs/) names no other database than its own", async () => {
      const others = Object.entries(DATABASE_NAMES)
        .filter(([database]) => database !== plan.database)
        .flatMap(([, names]) => names);
      const docs = ["README.md", ...(await readdir(join(dir, "docs")).catch(() => [])).map((f) => `docs/${f}`)];
      for (const file of docs) {
        const text = await readFile(join(dir, file), "utf8");
        const named = others.filter((name) => new RegExp(`\\b${name}\\b`, "i").test(text));
        expect(`${file}: ${named.join(", ")}`).toBe(`${file}: `);
      }
    });

    test("compose.yaml's service takes the settings of .env (optional) and sets only what differs in a container", async () => {
      const compose = Bun.YAML.parse(await readFile(join(dir, "compose.yaml"), "utf8")) as {
        services: { app: { env_file: unknown; environment: Record<string, unknown> } };
      };
      expect(compose.services.app.env_file).toEqual([{ path: ".env", required: false }]);
      expect(Object.keys(compose.services.app.environment).sort()).toEqual(["APP_ENV", "DATABASE_URL", "PORT"]);
    });

    if (template === "full") {
      test("refuses to start with a JWT_SECRET shorter than 32 bytes, naming the variable", async () => {
        // Configuration is checked before the database is touched, so no database is needed here.
        const env = { JWT_SECRET: "too-short-secret", DATABASE_URL: plan.unreachableDatabaseUrl, PORT: "0" };
        const result = await npmRun(dir, "start", env, 30_000);
        expect(result.code).not.toBe(0);
        expect(result.code).not.toBeNull(); // null: still running after 30 s, i.e. it started
        expect(result.output).toContain("JWT_SECRET");
      }, 40_000);
    } else {
      test("refuses to start with a bad setting, naming the variable, before it opens the database", async () => {
        const env = { SHUTDOWN_TIMEOUT_MS: "soon", DATABASE_URL: plan.unreachableDatabaseUrl, PORT: "0" };
        const result = await npmRun(dir, "start", env, 30_000);
        expect(result.code).not.toBe(0);
        expect(result.code).not.toBeNull(); // null: still running after 30 s, i.e. it started
        expect(result.output).toContain("SHUTDOWN_TIMEOUT_MS");
      }, 40_000);

      test("carries no authentication: no JWT, refresh token, bcrypt, bearer scheme or administrators in any file", async () => {
        const found: string[] = [];
        for (const file of await projectTextFiles(dir)) {
          const text = await readFile(join(dir, file), "utf8");
          const match = /JWT|bcrypt|refresh.?token|ADMIN_EMAILS|bearerAuth/i.exec(text);
          if (match) found.push(`${file}: ${match[0]}`);
        }
        expect(found).toEqual([]);
      });
    }

    describeSetupScript(plan.database, () => dir, { secret: template === "full" });

    if (plan.makefile) {
      describeMakefile(() => dir, { auth: template === "full", api: template === "graphql" ? "graphql" : "openapi" });
    }

    // The scripts are the same for every database; SQLite is the one that also needs the floor's node:sqlite.
    if (plan.database === "sqlite") describeOldNode(() => dir);

    // The README's walk-through is the same on every database: the SQLite project runs it.
    if (plan.database === "sqlite") describeReadmeWalkthrough(template, sqliteFile, () => dir);

    if (plan.replayWorkflow) {
      test("the project's CI workflow passes as generated (no lock file yet, which it asks to commit), replayed job by job: lint, type-check, test; boot on node, bun, deno", async () => {
        const runs = await replayWorkflow(dir, "ci.yml");
        expect(runs.map(({ job, matrix }) => [job, matrix.runtime])).toEqual([
          ["check", undefined],
          ["boot", "node"],
          ["boot", "bun"],
          ["boot", "deno"],
        ]);
        expect(runs[0]?.log).toMatch(/\d+ pass\s+0 fail/);
        // A workflow annotation on every job, so the user sees it on the run's summary page.
        for (const run of runs) expect(run.log).toMatch(/^::warning .*commit package-lock\.json/m);
        for (const boot of runs.slice(1)) expect(boot.log).toContain('"status":"ready"');
      }, 900_000);
    }

    if (plan.testsWithDefaultDatabase) {
      test("npm test passes with the default (embedded) database", async () => {
        const tests = await npmRun(dir, "test");
        expectSuccess("npm test", tests);
        // minimal's users are rendered like an added model, contract walk included (full's have their own routes test).
        if (template === "minimal") expect(tests.output).toContain("users: the OpenAPI contract");
      }, 300_000);
    }

    for (const { backend, projectTests, outage } of plan.backends) {
      describe.skipIf(!backend.available)(`on ${backend.label}`, () => {
        let open: OpenBackend | undefined;
        beforeAll(async () => {
          open = await backend.open(dir);
        }, 60_000);
        afterAll(async () => {
          await open?.close();
        }, 60_000);

        if (projectTests) {
          test(`npm test passes with DATABASE_URL at a fresh database on the ${backend.label}`, async () => {
            // The project's tests get their own database, so the booted services below start from an empty one.
            const own = await backend.open(dir);
            try {
              expectSuccess("npm test", await npmRun(dir, "test", { DATABASE_URL: own.databaseUrl() }));
            } finally {
              await own.close();
            }
          }, 300_000);
        }

        if (plan.imageBackend === backend) {
          describeImage(() => ({ dir, backend: open as OpenBackend }), { template });
        }

        for (const runtime of BOOT_RUNTIMES) {
          describeBoot({
            template,
            runtime,
            project: () => ({ dir, backend: open as OpenBackend }),
            outage,
            browser: plan.browserBoot.backend === backend && plan.browserBoot.runtime === runtime,
          });
        }
      });
    }
  });
}
