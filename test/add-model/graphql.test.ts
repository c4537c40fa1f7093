import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cliEnv, runCli } from "../cli/run-cli.ts";
import { added, snapshot, useProjectFixtures } from "./project-fixture.ts";

const fixtures = useProjectFixtures();

const CATEGORY = ["add-model", "Category", "--fields", "name:string:unique:not_null"];
const PRODUCT = ["add-model", "Product", "--fields", "title:string:not_null,stock:uint", "--belongs-to", "Category"];

const read = (dir: string, path: string) => readFile(join(dir, path), "utf8");

describe("scaffold add-model in a graphql project", () => {
  test("adds the type, queries and mutations in the model's own SDL file, resolvers and their test, and no REST routes", async () => {
    const dir = await fixtures.project("graphql");
    const schema = await read(dir, "src/graphql/schema.graphql");
    const result = await added(dir, CATEGORY);
    expect(result.stdout).toContain("the operations are in src/categories/categories.graphql (POST /graphql)");
    await added(dir, PRODUCT);
    for (const path of [
      "src/categories/categories.resolvers.ts",
      "src/products/products.resolvers.ts",
      "src/graphql/model-resolvers.ts",
      "src/graphql/batch-loader.ts",
      "src/products/products.graphql.test.ts",
      "src/products/product.service.test.ts",
      "src/products/products.repository.ts",
    ]) {
      expect(`${path}: ${existsSync(join(dir, path))}`).toBe(`${path}: true`);
    }
    expect(existsSync(join(dir, "src/products/products.routes.ts"))).toBe(false);
    const sdl = await read(dir, "src/products/products.graphql");
    expect(sdl).toContain("  category: Category!\n");
    expect(sdl).toContain("  products(limit: Int = 50, offset: Int = 0): [Product!]!\n");
    expect(sdl).toContain("  deleteProduct(id: ID!): Boolean!\n");
    // The template's schema stays as it was; graphql-server.ts gets the models' SDL and resolvers from add-model's file.
    expect(await read(dir, "src/graphql/schema.graphql")).toBe(schema);
    const server = await read(dir, "src/graphql/graphql-server.ts");
    expect(server).toContain(
      `typeDefs = withModelTypeDefs([readSdl("./schema.graphql"), readSdl("../users/users.graphql")].join("\\n"));`,
    );
    expect(server).toContain("userResolvers(dependencies), ...modelResolvers(dependencies)]");
    expect(await read(dir, "src/graphql/model-resolvers.ts")).toContain(
      'const SDL_FILES = ["../categories/categories.graphql", "../products/products.graphql"];',
    );
    const readme = await read(dir, "README.md");
    expect(readme).toContain("`createProduct(input: ProductInput!)`");
    expect(readme).toContain("`Product.category`");

    await added(dir, ["add-model", "Category", "--has-many", "Product"]);
    const related = await read(dir, "src/categories/categories.graphql");
    expect(related).toContain("  products: [Product!]!\n");
    expect(related.match(/^type Category \{$/gm)).toHaveLength(1);
    expect(await read(dir, "src/categories/categories.resolvers.ts")).toContain("listByCategoryIds");
  });

  test("GraphQL's own type names are refused; a graphql-server.ts edited where the models' resolvers go: markers there", async () => {
    const dir = await fixtures.project("graphql");
    const before = await snapshot(dir);
    for (const name of ["Query", "Time", "ProductInput"]) {
      const result = await runCli(["add-model", name, "--fields", "a:string", "--yes"], dir, { env: cliEnv() });
      expect([result.exitCode, result.stderr]).toEqual([2, expect.stringContaining("GraphQL type")]);
    }
    expect(await snapshot(dir)).toEqual(before);
    const server = join(dir, "src/graphql/graphql-server.ts");
    const code = await readFile(server, "utf8");
    await writeFile(
      server,
      code.replace(
        "[{ Time: timeScalar }, userResolvers(dependencies)]",
        "[userResolvers(dependencies), { Time: timeScalar }]",
      ),
    );
    const result = await runCli([...CATEGORY, "--yes"], dir, { env: cliEnv() });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("1 file has conflicts to resolve");
    const merged = await readFile(server, "utf8");
    // Both versions, the user's first (add-model's as Biome breaks its longer line); the import the models' resolvers
    // need is merged in cleanly.
    expect(merged).toMatch(
      /<<<<<<< yours\n.*\[userResolvers\(dependencies\), \{ Time: timeScalar \}\].*\n=======\n[^<>]*userResolvers\(dependencies\), \.\.\.modelResolvers\(dependencies\)\][^<>]*\n>>>>>>> add-model Category\n/,
    );
    expect(merged).toContain(`import { modelResolvers, withModelTypeDefs } from "./model-resolvers.ts";`);
    expect(await readFile(join(dir, "src/categories/categories.graphql"), "utf8")).toContain("type Category");
  });
});
