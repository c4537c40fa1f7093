/**
 * A model that does not belong to User still changes what the users' tests must pass: once the project has models,
 * appFromModules takes their adapters too. The users' files, re-rendered by add-model, type-check (graphql) or stay
 * as `scaffold new` wrote them (full, minimal: their routes tests build the app through test-app.ts, which add-model
 * patches).
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../support/generated-project.ts";
import { added, snapshot, useProjectFixtures } from "./project-fixture.ts";

const fixtures = useProjectFixtures();

const CATEGORY = ["add-model", "Category", "--fields", "name:string:not_null"];

const usersOf = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith("src/users/")));

/** The setup line that builds the adapters of a users' GraphQL test. */
const adaptersLine = (code: string) => code.split("\n").find((line) => line.includes("const adapters = {"));

describe("add-model of a model unrelated to User", () => {
  test("graphql: the users' resolvers test type-checks with the model's adapters, and the contract test passes the same", async () => {
    const dir = await fixtures.project("graphql");
    await added(dir, CATEGORY);
    // The CLI's own dependencies stand in for the project's (no npm install). The contract tests import the
    // operations graphql-codegen generates, which only the project's `npm test` writes: left out here.
    await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"));
    await writeFile(
      join(dir, "tsconfig.check.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        include: ["src", "test"],
        exclude: ["**/*.graphql-contract.test.ts", "test/support/graphql-contract*.ts"],
      }),
    );
    const tsc = spawnSync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", "tsconfig.check.json"], {
      cwd: dir,
      encoding: "utf8",
    });
    // Only the rendered models' errors: a dependency the CLI has at another version than the project's (pino) may
    // not type-check the platform's code the same way.
    const errors = tsc.stdout.split("\n").filter((line) => /^src\/(users|categories)\//.test(line));
    expect(errors).toEqual([]);
    // tsc ran (its errors name paths from the project folder, its working directory).
    expect(tsc.error).toBeUndefined();
    const resolversTest = await readFile(join(dir, "src/users/users.graphql.test.ts"), "utf8");
    expect(adaptersLine(resolversTest)).toContain("...modelAdapters()");
    const contractTest = await readFile(join(dir, "src/users/users.graphql-contract.test.ts"), "utf8");
    expect(adaptersLine(contractTest)).toBe(adaptersLine(resolversTest));
  });

  for (const template of ["full", "minimal"] as const) {
    test(`${template}: the users' files stay as scaffold new wrote them`, async () => {
      const dir = await fixtures.project(template);
      const before = usersOf(await snapshot(dir));
      await added(dir, CATEGORY);
      expect(usersOf(await snapshot(dir))).toEqual(before);
    });
  }
});
