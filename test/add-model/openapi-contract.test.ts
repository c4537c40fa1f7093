/**
 * #32: the REST templates' OpenAPI documents as client generators read them, fresh and after the issue's add-model
 * chain (`Category`, then `Product --belongs-to Category` with `stock:uint`): every operation has its own stable,
 * readable operationId (generators name their functions after it), integer fields are bounded integers, and `include`
 * is an enum of the relation names on exactly the operations that take it. #46: those documents, and the one after
 * `Category --has-many Product`, pass the linters API teams run (Redocly, Spectral) with nothing to report.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  expectSuccess,
  generateProject,
  npmInstall,
  npmRun,
  repoBin,
  repoRoot,
  runCommand,
} from "../support/generated-project.ts";
import { lintOpenApi } from "../support/openapi-lint.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON; a wrong path fails the test.
type Json = any;

const CHAIN = [
  ["Category", "--fields", "name:string:not_null"],
  [
    "Product",
    "--fields",
    "title:string:not_null,stock:uint,delta:int:not_null,price:float64",
    "--belongs-to",
    "Category",
  ],
];

const HEALTH = ["getHealth", "getLiveness", "getReadiness"];
const FRESH = {
  full: [...HEALTH, "register", "login", "refresh", "listUsers", "getUser", "replaceUser", "deleteUser"],
  minimal: [...HEALTH, "createUser", "listUsers", "getUser", "replaceUser", "deleteUser"],
};
const ADDED = [
  "createCategory",
  "listCategories",
  "getCategory",
  "replaceCategory",
  "deleteCategory",
  "createProduct",
  "listProducts",
  "getProduct",
  "replaceProduct",
  "deleteProduct",
  "createCategoryProduct",
  "listCategoryProducts",
];

/** `operationId` -> the operation, throwing on an operation without one or an id given twice. */
function operationsById(document: Json): Map<string, Json> {
  const byId = new Map<string, Json>();
  for (const [path, operations] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(operations)) {
      const id = operation.operationId;
      if (typeof id !== "string") throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (byId.has(id)) throw new Error(`operationId ${id} is given twice (${method.toUpperCase()} ${path})`);
      byId.set(id, operation);
    }
  }
  return byId;
}

async function documentOf(dir: string): Promise<Json> {
  expectSuccess("npm run apidocs", await npmRun(dir, "apidocs"));
  return JSON.parse(await readFile(join(dir, "openapi.json"), "utf8"));
}

describe.each(["full", "minimal"] as const)("the OpenAPI document of a %s project", (template) => {
  let dir = "";
  let fresh: Json;
  let chained: Json;
  let withChildren: Json;
  beforeAll(async () => {
    dir = await generateProject(template, "sqlite");
    expectSuccess("npm install", await npmInstall(dir));
    fresh = await documentOf(dir);
    for (const args of CHAIN) {
      const cli = [join(repoRoot, "src/cli.ts"), "add-model", ...args, "--yes"];
      expectSuccess(
        `add-model ${args[0]}`,
        await runCommand(join(repoBin, "bun"), cli, { cwd: dir, timeoutMs: 120_000 }),
      );
    }
    chained = await documentOf(dir);
    const hasMany = [join(repoRoot, "src/cli.ts"), "add-model", "Category", "--has-many", "Product", "--yes"];
    expectSuccess(
      "add-model Category --has-many Product",
      await runCommand(join(repoBin, "bun"), hasMany, { cwd: dir, timeoutMs: 120_000 }),
    );
    withChildren = await documentOf(dir);
  }, 900_000);
  afterAll(() => (dir ? rm(dirname(dir), { recursive: true, force: true }) : undefined), 60_000);

  test("every operation has its own operationId, named after what it does", () => {
    expect([...operationsById(fresh).keys()].sort()).toEqual([...FRESH[template]].sort());
    expect([...operationsById(chained).keys()].sort()).toEqual([...FRESH[template], ...ADDED].sort());
  });

  test("fresh, after add-model and after --has-many: Redocly's recommended rules and spectral:oas find nothing", async () => {
    expect(await lintOpenApi(fresh)).toEqual([]);
    expect(await lintOpenApi(chained)).toEqual([]);
    expect(await lintOpenApi(withChildren)).toEqual([]);
    expect(Object.keys(withChildren.paths)).toContain("/api/v1/categories/{id}");
  }, 120_000);

  test("add-model's int and uint fields are integers with the 32-bit column's bounds", () => {
    const { stock, delta, price, category_id } = chained.components.schemas.ProductInput.properties;
    expect(stock).toEqual({ type: ["integer", "null"], minimum: 0, maximum: 2_147_483_647 });
    expect(delta).toEqual({ type: "integer", minimum: -2_147_483_648, maximum: 2_147_483_647 });
    expect(price).toEqual({ type: ["number", "null"] });
    expect(category_id).toEqual({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
  });

  test("include is an enum of the relation names where it is taken, and nowhere else", () => {
    const includeOf = (operation: Json) =>
      (operation.parameters ?? []).find((parameter: Json) => parameter.name === "include");
    for (const [id, operation] of operationsById(chained)) {
      const include = includeOf(operation);
      if (["listProducts", "getProduct", "listCategoryProducts"].includes(id)) {
        expect([id, include.schema.items]).toEqual([id, { type: "string", enum: ["category"] }]);
        expect([id, include.style, include.explode]).toEqual([id, "form", false]);
      } else {
        expect([id, include]).toEqual([id, undefined]);
      }
    }
  });
});
