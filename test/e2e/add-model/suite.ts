/**
 * add-model end to end: generate a project, install it, run the chain of add-model commands, then the project
 * type-checks, lints, passes its own tests (the new ones included) and serves the new routes on every runtime.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Database, TemplateName } from "../../../src/generate/template-tree.ts";
import {
  expectSuccess,
  generateProject,
  npmInstall,
  npmRun,
  repoBin,
  repoRoot,
  runCommand,
} from "../../support/generated-project.ts";
import { RUNTIMES, startService } from "../../support/runtimes.ts";
import type { Backend } from "../generated/backends.ts";
import { checkOperations } from "./graphql-contract.ts";
import { checkLiveUnique } from "./live-unique.ts";
import { checkRoutes } from "./routes-contract.ts";
import { countListStatements } from "./statement-probe.ts";
import { USER_CHILD } from "./user-contract.ts";

/** The chain of the issue, plus one model of the template's users and (full) one public model. */
export function chain(template: TemplateName): string[][] {
  return [
    ["Category", "--fields", "name:string:unique:not_null"],
    [
      "Product",
      "--fields",
      "title:string:not_null,price:float64,stock:uint,published:bool,released_at:time:index",
      "--belongs-to",
      "Category",
    ],
    ["Review", "--fields", "body:string,stars:int", "--belongs-to", "Product"],
    ["Category", "--has-many", "Product"],
    USER_CHILD,
    ...(template === "full" ? [["Tag", "--fields", "label:string:not_null", "--public"]] : []),
  ];
}

const JWT_SECRET = "e2e-add-model-secret-that-is-at-least-32-bytes";

/**
 * `backends`: where the booted services run. `testDatabase`: where the project's own tests run when its database has
 * no embedded form (MySQL); otherwise they use the project's default.
 */
export function describeAddModel(
  template: TemplateName,
  database: Database,
  backends: Backend[],
  testDatabase?: Backend,
): void {
  describe(`scaffold add-model in a ${template} x ${database} project`, () => {
    let dir = "";
    beforeAll(async () => {
      dir = await generateProject(template, database);
      expectSuccess("npm install", await npmInstall(dir));
      for (const args of chain(template)) {
        const result = await runCommand(
          join(repoBin, "bun"),
          [join(repoRoot, "src/cli.ts"), "add-model", ...args, "--yes"],
          {
            cwd: dir,
            timeoutMs: 120_000,
          },
        );
        expectSuccess(`scaffold add-model ${args.join(" ")}`, result);
      }
    }, 900_000);
    afterAll(async () => {
      if (dir) await rm(dirname(dir), { recursive: true, force: true });
    }, 120_000);

    test("drizzle-kit wrote one migration per new table, with the foreign keys and indexes", async () => {
      const migrations = (await readdir(join(dir, "drizzle"))).filter((file) => file.endsWith(".sql")).sort();
      // The template's own come first: the initial one (and full's auth_attempts).
      const shipped = template === "full" ? 2 : 1;
      expect(migrations.slice(shipped).map((file) => file.replace(/^\d+_/, ""))).toEqual([
        "add_categories.sql",
        "add_products.sql",
        "add_reviews.sql",
        "add_posts.sql",
        ...(template === "full" ? ["add_tags.sql"] : []),
      ]);
      const products = await readFile(join(dir, "drizzle", migrations[shipped + 1] as string), "utf8");
      expect(products).toMatch(/FOREIGN KEY \(.category_id.\) REFERENCES [^(]*categories.\(.id.\)/);
      expect(products).toContain("products_released_at_idx");
      expect(products).toContain("products_category_id_idx");
    });

    test.skipIf(testDatabase !== undefined && !testDatabase.available)(
      "the project type-checks, lints and passes its own tests, the new ones included",
      async () => {
        expectSuccess("npm run typecheck", await npmRun(dir, "typecheck"));
        expectSuccess("npm run lint", await npmRun(dir, "lint"));
        const own = await testDatabase?.open(dir);
        const tests = await npmRun(dir, "test", own ? { DATABASE_URL: own.databaseUrl() } : {}).finally(() =>
          own?.close(),
        );
        expectSuccess("npm test", tests);
        expect(tests.output).toContain(template === "graphql" ? "products over GraphQL" : "products routes");
        // The contract walk of each added model: a client typed from the document, every answer checked against it.
        if (template !== "graphql") expect(tests.output).toContain("products: the OpenAPI contract");
        expect(tests.output).toContain("CategoryService");
        // graphql: the contract walk of every model (graphql-codegen's typed operations, answers checked against the schema).
        if (template === "graphql") {
          for (const plural of ["categories", "products", "reviews", "posts", "users"]) {
            expect(tests.output).toContain(`the ${plural}' GraphQL contract`);
          }
        }
      },
      300_000,
    );

    for (const backend of backends) {
      test.skipIf(!backend.available)(
        `a list of 20 products with their category costs at most 3 SQL statements, not one per row (${backend.label})`,
        async () => {
          const open = await backend.open(dir);
          try {
            const env = { DATABASE_URL: open.databaseUrl(), JWT_SECRET, APP_ENV: "test" };
            const cost = await countListStatements(dir, template, env);
            expect(cost.items).toBeGreaterThanOrEqual(20);
            expect(cost.withParent).toBe(cost.items);
            expect(cost.statements).toBeGreaterThanOrEqual(1);
            expect(cost.statements).toBeLessThanOrEqual(3);
          } finally {
            await open.close();
          }
        },
        120_000,
      );
      for (const runtime of RUNTIMES) {
        test.skipIf(!backend.available)(
          `boots on ${runtime} (${backend.label}), migrates, serves the new routes`,
          async () => {
            const open = await backend.open(dir);
            const env: Record<string, string> = { DATABASE_URL: open.databaseUrl(), APP_ENV: "development" };
            if (template === "full") env.JWT_SECRET = JWT_SECRET;
            const service = await startService(dir, runtime, env);
            try {
              if (template === "graphql") await checkOperations(service.url);
              else await checkRoutes(service.url, template);
              await checkLiveUnique(service.url, template);
            } catch (error) {
              throw new Error(
                `${error instanceof Error ? error.message : error}\n--- service output ---\n${service.output()}`,
              );
            } finally {
              await service.stop("SIGTERM", 10_000);
              await open.close();
            }
          },
          120_000,
        );
      }
    }
  });
}
