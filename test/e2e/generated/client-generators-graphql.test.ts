/**
 * Issue #32: `graphql-request` with the operations `@graphql-codegen` types from the schema, inside a `graphql`
 * project after the add-model chain: installed cleanly, type-checked under `--strict` with the project's TypeScript,
 * and answering as expected from the booted service on Node.js (see client-generators.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expectSuccess, npmRun, projectEnv, runCommand } from "../../support/generated-project.ts";
import { startService } from "../../support/runtimes.ts";
import { sqliteFile } from "./backends.ts";
import {
  GENERATORS,
  installDev,
  projectAfterChain,
  SCRATCH,
  typecheckScratch,
  writeScratchTsconfig,
} from "./client-generators.ts";

/** A client's file: typed calls against the service, and calls the schema's types refuse. */
const USAGE = `// A client's calls with graphql-request and the operations \`npm run codegen\` typed from the schema.
import { request } from "graphql-request";
import {
  CreateCategoryDocument,
  CreateProductDocument,
  ProductsDocument,
} from "../test/support/graphql-operations/graphql.ts";

const serviceUrl = process.env.SERVICE_URL;
if (!serviceUrl) throw new Error("SERVICE_URL is not set");
const url = \`\${serviceUrl}/graphql\`;

const { createCategory } = await request(url, CreateCategoryDocument, { input: { name: "Books" } });
const { createProduct } = await request(url, CreateProductDocument, {
  input: { title: "Dune", stock: 3, categoryId: createCategory.id },
});
const { products } = await request(url, ProductsDocument, { limit: 10 });

// The schema types the variables and the answer: each line below is a compile error.
export const refused = () => [
  // @ts-expect-error stock is an Int
  request(url, CreateProductDocument, { input: { title: "Dune", stock: "3", categoryId: "1" } }),
  // @ts-expect-error CreateProduct needs its input
  request(url, CreateProductDocument, {}),
];
// @ts-expect-error the fragment does not select the product's name
export const unselected = (): string => createProduct.name;

console.log(JSON.stringify({ category: createCategory, product: createProduct, products }));
`;

describe("graphql-request with the generated operations inside a graphql x sqlite project", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await projectAfterChain("graphql");
  }, 600_000);
  afterAll(async () => {
    if (dir) await rm(dirname(dir), { recursive: true, force: true });
  }, 120_000);

  test("graphql-request installs with npm's default peer resolution (no ERESOLVE, no forcing flag)", async () => {
    const install = await installDev(dir, [GENERATORS.graphqlRequest]);
    expectSuccess(`npm install -D ${GENERATORS.graphqlRequest}`, install);
    expect(install.output).not.toContain("ERESOLVE");
    const devDependencies = JSON.parse(await readFile(join(dir, "package.json"), "utf8")).devDependencies;
    expect(devDependencies["graphql-request"]).toBe(GENERATORS.graphqlRequest.split("@")[1]);
  }, 600_000);

  test("codegen types the new models' operations, and a client's calls type-check under --strict", async () => {
    expectSuccess("npm run codegen", await npmRun(dir, "codegen"));
    const operations = await readFile(join(dir, "test/support/graphql-operations/graphql.ts"), "utf8");
    for (const name of ["CreateCategoryDocument", "CreateProductDocument", "ProductsDocument", "CategoriesDocument"]) {
      expect(operations).toContain(`export const ${name} = `);
    }
    await writeScratchTsconfig(dir);
    await writeFile(join(dir, SCRATCH, "usage.ts"), USAGE);
    expectSuccess("tsc --noEmit --strict (usage)", await typecheckScratch(dir));
  }, 300_000);

  test("the typed calls create a category and its product on the booted service and list it", async () => {
    const database = await sqliteFile.open(dir);
    const service = await startService(dir, "node", { DATABASE_URL: database.databaseUrl(), APP_ENV: "development" });
    try {
      // Node.js 24 runs the file as it is: the generated operations import with `.ts` and only types.
      const run = await runCommand("node", [join(SCRATCH, "usage.ts")], {
        cwd: dir,
        env: projectEnv({ SERVICE_URL: service.url }),
        timeoutMs: 60_000,
      });
      expectSuccess(`node ${SCRATCH}/usage.ts\n--- service output ---\n${service.output()}`, run);
      const answer = JSON.parse(run.output.trim().split("\n").at(-1) ?? "");
      expect(answer.category).toMatchObject({ name: "Books" });
      const product = { title: "Dune", stock: 3, categoryId: answer.category.id };
      expect(answer.product).toMatchObject(product);
      expect(answer.products).toEqual([{ ...answer.product, category: { id: answer.category.id } }]);
    } finally {
      await service.stop("SIGTERM", 15_000);
      await database.close();
    }
  }, 180_000);
});
