/**
 * Issue #32: `@hey-api/openapi-ts`, `orval` and `openapi-typescript` + `openapi-fetch` run cleanly inside a `full`
 * project after the add-model chain, their clients type-check under `--strict` with the project's TypeScript, and two
 * of them drive the booted service (see client-generators.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { expectSuccess, npmRun, projectEnv, repoBin, runCommand } from "../../support/generated-project.ts";
import { startService } from "../../support/runtimes.ts";
import { sqliteFile } from "./backends.ts";
import {
  GENERATORS,
  installDev,
  npx,
  projectAfterChain,
  SCRATCH,
  typecheckScratch,
  writeScratchTsconfig,
} from "./client-generators.ts";

/** What each client must offer, named after the document's operationIds. */
const OPERATIONS = [
  "listCategories",
  "createCategory",
  "listProducts",
  "createProduct",
  "getProduct",
  "listCategoryProducts",
  "createCategoryProduct",
];

/** The frontend's file: live calls through hey-api and openapi-fetch, orval's calls type-checked, wrong inputs refused. */
const USAGE = `// A frontend's calls through each generated client; the names are the document's operationIds.
import createOpenapiFetch from "openapi-fetch";
import { client } from "./hey-api/client.gen";
import { createCategory, createProduct, listCategoryProducts, register } from "./hey-api/sdk.gen";
import type { paths } from "./openapi-typescript/api";
import * as orval from "./orval/api";

const baseUrl = process.env.SERVICE_URL;
if (!baseUrl) throw new Error("SERVICE_URL is not set");

client.setConfig({ baseUrl });
const account = await register({
  body: { email: "client@example.com", password: "client-password" },
  throwOnError: true,
});
// The document's bearerAuth scheme: hey-api sends it as \`Authorization: Bearer <token>\`.
client.setConfig({ auth: account.data.data.access_token });
const category = await createCategory({ body: { name: "Books" }, throwOnError: true });
const categoryId: number = category.data.data.id;
const created = await createProduct({ body: { title: "Dune", stock: 3, category_id: categoryId }, throwOnError: true });
const listed = await listCategoryProducts({ path: { categoryId }, throwOnError: true });

const api = createOpenapiFetch<paths>({
  baseUrl,
  headers: { Authorization: \`Bearer \${account.data.data.access_token}\` },
});
const read = await api.GET("/api/v1/products/{id}", { params: { path: { id: created.data.data.id } } });
if (!read.data) throw new Error(\`GET /api/v1/products/{id}: \${JSON.stringify(read.error)}\`);

// orval's fetch client calls paths relative to the page, so outside a browser it is only type-checked.
export const orvalCalls = (id: number) => [
  orval.createProduct({ title: "Dune", stock: 3, category_id: id }),
  orval.listCategoryProducts(id),
  orval.listCategories(),
];

// The document types the inputs: a string where it says integer is a compile error, in each client.
export const refused = () => [
  // @ts-expect-error stock is an integer
  createProduct({ body: { title: "Dune", stock: "3", category_id: categoryId } }),
  // @ts-expect-error stock is an integer
  orval.createProduct({ title: "Dune", stock: "3", category_id: categoryId }),
  // @ts-expect-error the path has no such parameter
  api.GET("/api/v1/products/{id}", { params: { path: { productId: 1 } } }),
];

console.log(
  JSON.stringify({
    categoryId,
    created: created.data.data,
    listed: listed.data.data.map(({ id, title, stock, category_id }) => ({ id, title, stock, category_id })),
    read: read.data.data,
  }),
);
`;

describe("typed REST clients generated inside a full x sqlite project", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await projectAfterChain("full");
    expectSuccess("npm run apidocs", await npmRun(dir, "apidocs"));
  }, 600_000);
  afterAll(async () => {
    if (dir) await rm(dirname(dir), { recursive: true, force: true });
  }, 120_000);

  test("the generators install with npm's default peer resolution (no ERESOLVE, no forcing flag)", async () => {
    const install = await installDev(dir, [GENERATORS.heyApi, GENERATORS.orval]);
    expectSuccess(`npm install -D ${GENERATORS.heyApi} ${GENERATORS.orval}`, install);
    expect(install.output).not.toContain("ERESOLVE");
    const devDependencies = JSON.parse(await readFile(join(dir, "package.json"), "utf8")).devDependencies;
    expect(devDependencies["@hey-api/openapi-ts"]).toBe(GENERATORS.heyApi.split("@")[2]);
    expect(devDependencies.orval).toBe(GENERATORS.orval.split("@")[1]);
  }, 600_000);

  test("each generator writes a client from openapi.json, with the operationIds as function names", async () => {
    const out = (path: string) => join(SCRATCH, path);
    expectSuccess("openapi-ts", await npx(dir, ["openapi-ts", "-i", "openapi.json", "-o", out("hey-api")]));
    expectSuccess(
      "orval",
      await npx(dir, [
        "orval",
        "--input",
        "openapi.json",
        "--output",
        out("orval/api.ts"),
        "--client",
        "fetch",
        "--fail-on-warnings",
      ]),
    );
    expectSuccess(
      "openapi-typescript",
      await npx(dir, ["openapi-typescript", "openapi.json", "-o", out("openapi-typescript/api.d.ts")]),
    );
    const heyApi = await readFile(join(dir, SCRATCH, "hey-api/sdk.gen.ts"), "utf8");
    const orval = await readFile(join(dir, SCRATCH, "orval/api.ts"), "utf8");
    for (const name of OPERATIONS) {
      expect(heyApi).toContain(`export const ${name} = `);
      expect(orval).toContain(`export const ${name} = `);
    }
    const types = await readFile(join(dir, SCRATCH, "openapi-typescript/api.d.ts"), "utf8");
    for (const name of OPERATIONS) expect(types).toContain(`${name}: {`);
  }, 300_000);

  test("the clients and a frontend's calls type-check under --strict with the project's TypeScript", async () => {
    await writeScratchTsconfig(dir);
    await writeFile(join(dir, SCRATCH, "usage.ts"), USAGE);
    expectSuccess("tsc --noEmit --strict (clients and usage)", await typecheckScratch(dir));
    // The check can fail: a call by a name the document does not have is an error.
    await writeFile(
      join(dir, SCRATCH, "misnamed.ts"),
      'import { listProduct } from "./hey-api/sdk.gen";\nvoid listProduct;\n',
    );
    const misnamed = await typecheckScratch(dir);
    await rm(join(dir, SCRATCH, "misnamed.ts"));
    expect(misnamed.code).not.toBe(0);
    expect(misnamed.output).toContain("listProduct");
  }, 300_000);

  test("hey-api's and openapi-fetch's clients create and read a category's product on the booted service", async () => {
    const database = await sqliteFile.open(dir);
    const env = {
      DATABASE_URL: database.databaseUrl(),
      APP_ENV: "development",
      JWT_SECRET: "e2e-client-generators-secret-of-32-bytes-or-more",
    };
    const service = await startService(dir, "node", env);
    try {
      const run = await runCommand(join(repoBin, "bun"), [join(SCRATCH, "usage.ts")], {
        cwd: dir,
        env: projectEnv({ SERVICE_URL: service.url }),
        timeoutMs: 60_000,
      });
      expectSuccess(`bun ${SCRATCH}/usage.ts\n--- service output ---\n${service.output()}`, run);
      const answer = JSON.parse(run.output.trim().split("\n").at(-1) ?? "");
      const product = { title: "Dune", stock: 3, category_id: answer.categoryId };
      expect(answer.created).toMatchObject(product);
      expect(answer.listed).toEqual([{ id: answer.created.id, ...product }]);
      expect(answer.read).toEqual(answer.created);
    } finally {
      await service.stop("SIGTERM", 15_000);
      await database.close();
    }
  }, 180_000);
});
