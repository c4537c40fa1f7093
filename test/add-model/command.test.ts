import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliEnv, runCli } from "../cli/run-cli.ts";
import { added, snapshot, useProjectFixtures } from "./project-fixture.ts";

const fixtures = useProjectFixtures();

const CATEGORY = ["add-model", "Category", "--fields", "name:string:unique:not_null"];
const PRODUCT = ["add-model", "Product", "--fields", "title:string:not_null,price:float64", "--belongs-to", "Category"];

/** Runs add-model in `dir` and checks the project is byte for byte what it was. */
async function refused(dir: string, args: string[], env: Record<string, string> = {}) {
  const before = await snapshot(dir);
  const result = await runCli(args, dir, { env: cliEnv(env) });
  expect(await snapshot(dir)).toEqual(before);
  return result;
}

describe("scaffold add-model: refusals leave the project untouched", () => {
  test("outside a generated project: exit 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "scaffold-no-project-"));
    try {
      const result = await refused(dir, CATEGORY);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain("No scaffold.json here or in a parent folder");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("another template series, or a broken scaffold.json", async () => {
    const dir = await fixtures.project("minimal");
    const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    const cases: Array<[object | string, number, string]> = [
      [{ ...manifest, templateVersion: "0.9.0" }, 1, "generated from templates 0.9.0"],
      [{ ...manifest, database: undefined }, 1, "was not written by scaffold new"],
      [{ ...manifest, models: [{ name: "X" }] }, 1, 'invalid "models" list'],
      ["{ not json", 1, "is not valid JSON"],
    ];
    for (const [contents, code, message] of cases) {
      await writeFile(join(dir, "scaffold.json"), typeof contents === "string" ? contents : JSON.stringify(contents));
      const result = await refused(dir, CATEGORY);
      expect([result.exitCode, result.stderr]).toEqual([code, expect.stringContaining(message)]);
    }
  });

  test("bad names, bad specs, existing models, unknown or template parents: exit 2", async () => {
    const dir = await fixtures.project("full");
    await added(dir, CATEGORY);
    const cases: Array<[string[], string]> = [
      [["add-model", "category", "--fields", "a:string"], "must be PascalCase"],
      [["add-model", "Class", "--fields", "a:string"], "reserved word"],
      [["add-model", "User", "--fields", "a:string"], "the full template brings it"],
      [["add-model", "RefreshToken", "--fields", "a:string"], "the full template brings it"],
      [CATEGORY, "Model Category already exists"],
      [["add-model", "Item", "--fields", ""], "needs a value"],
      [["add-model", "Item", "--fields", "a:text"], 'Unknown type "text"'],
      [["add-model", "Item", "--fields", "a:string:big"], 'Unknown modifier "big"'],
      [["add-model", "Item", "--fields", "a:string,a:int"], 'Field "a" is given twice'],
      [["add-model", "Item"], "--fields is required"],
      [["add-model", "Item", "--fields", "a:string", "--belongs-to", "Nope"], "there is no model Nope"],
      [["add-model", "Item", "--fields", "a:string", "--belongs-to", "RefreshToken"], "belongs to the full template"],
      [["add-model", "Item", "--fields", "a:string", "--belongs-to", "User", "--public"], "cannot be public"],
      [["add-model", "User", "--has-many", "Category"], "--has-many on User is not supported"],
      [["add-model", "Item", "--fields", "a:string", "--has-many", "Category"], "cannot belong to Item before"],
      [["add-model", "Category", "--has-many", "Nope"], "there is no model Nope"],
      [["add-model", "Categorie", "--fields", "a:string", "--plural", "categories"], "would share its files"],
      [["add-model", "Site", "--fields", "a:string", "--plural", "platform"], "src/platform/, the template's"],
      [["add-model", "Item", "--fields", "a:string", "--colour"], "Unknown flag --colour"],
    ];
    for (const [args, message] of cases) {
      const result = await refused(dir, args);
      expect([args.join(" "), result.exitCode, result.stderr]).toEqual([
        args.join(" "),
        2,
        expect.stringContaining(message),
      ]);
    }
  });

  test("--has-many needs the child to belong to the model", async () => {
    const dir = await fixtures.project("minimal");
    await added(dir, CATEGORY);
    await added(dir, ["add-model", "Tag", "--fields", "label:string"]);
    const result = await refused(dir, ["add-model", "Category", "--has-many", "Tag"]);
    expect([result.exitCode, result.stderr]).toEqual([2, expect.stringContaining("Tag does not belong to Category")]);
  });

  test("a module list that spreads another list: the module is appended", async () => {
    const dir = await fixtures.project("minimal");
    const index = join(dir, "src/modules.ts");
    const code = await readFile(index, "utf8");
    await writeFile(
      index,
      code.replace(
        /export const modules = \[apidocsModule, (.*)\] as const;/,
        "const base = [$1] as const;\nexport const modules = [...base, apidocsModule] as const;",
      ),
    );
    await added(dir, CATEGORY);
    const patched = await readFile(index, "utf8");
    expect(patched).toContain('import { categoriesModule } from "./categories/categories.module.ts";');
    expect(patched).toContain("export const modules = [...base, apidocsModule, categoriesModule] as const;");
  });

  test("an injected failure between two writes: exit 1, everything restored", async () => {
    const dir = await fixtures.project("full");
    await added(dir, CATEGORY);
    for (const after of ["0", "1", "5", "13"]) {
      const result = await refused(dir, [...PRODUCT, "--yes"], { SCAFFOLD_ADD_MODEL_FAIL_AFTER: after });
      expect([after, result.exitCode, result.stderr]).toEqual([
        after,
        1,
        expect.stringContaining(`the project was restored as it was: injected failure after ${after} writes`),
      ]);
    }
  });

  test("without a terminal and without --yes: exit 2, nothing written", async () => {
    const dir = await fixtures.project("minimal");
    const result = await refused(dir, CATEGORY);
    expect([result.exitCode, result.stderr]).toEqual([2, expect.stringContaining("pass --yes to apply")]);
  });
});

describe("scaffold add-model: plan and apply", () => {
  test("--dry-run prints the plan; --json prints it as one object; neither writes", async () => {
    const dir = await fixtures.project("full");
    const text = await refused(dir, [...CATEGORY, "--dry-run"]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("src/categories/categories.routes.ts");
    expect(text.stdout).toContain("src/modules.ts");
    expect(text.stdout).toContain("Dry run: nothing was written.");
    const json = await refused(dir, [...CATEGORY, "--json"]);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({
      dryRun: true,
      model: "Category",
      addsModel: true,
      migration: { name: "add_categories" },
    });
    // The model's files in its own folder; outside it only the registries (and the tests' adapters, once).
    const created: string[] = plan.create.map((file: { path: string }) => file.path);
    expect(created.filter((path) => !path.startsWith("src/categories/"))).toEqual(["test/support/model-adapters.ts"]);
    expect(created).toContain("src/categories/category.ts");
    expect(plan.change).toEqual(["README.md", "scaffold.json", "src/modules.ts", "test/support/test-app.ts"]);
  });

  test("--yes writes the files, registers the module, records the model; without drizzle-kit it prints the command", async () => {
    const dir = await fixtures.project("minimal");
    const result = await added(dir, [...CATEGORY, "--fields", "name:string:unique:not_null,id:int"]);
    expect(result.stderr).toContain('Field "id" is added to every model automatically');
    expect(result.stdout).toContain("npx drizzle-kit generate --name add_categories");
    const index = await readFile(join(dir, "src/modules.ts"), "utf8");
    expect(index).toContain('import { categoriesModule } from "./categories/categories.module.ts";');
    expect(index).toContain("export const modules = [apidocsModule, usersModule, categoriesModule] as const;");
    // Strict input: an unknown key is a 400 naming it, which the model's own routes test checks.
    expect(await readFile(join(dir, "src/categories/categories.schemas.ts"), "utf8")).toContain(
      "export const categoryInputSchema = z\n  .strictObject({",
    );
    expect(await readFile(join(dir, "src/categories/categories.routes.test.ts"), "utf8")).toContain(
      'for (const key of ["id", "created_at", "naem"])',
    );
    // No schema registry: drizzle.config.ts finds the table by its name (src/*/*.table.ts).
    expect(existsSync(join(dir, "src/schema.ts"))).toBe(false);
    expect(await readFile(join(dir, "drizzle.config.ts"), "utf8")).toContain('schema: "./src/*/*.table.ts"');
    expect(await readFile(join(dir, "test/support/test-app.ts"), "utf8")).toContain(
      "appFromModules({ users, ...modelAdapters() }, options)",
    );
    const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    expect(manifest.models).toEqual([
      {
        name: "Category",
        plural: null,
        fields: [{ name: "name", type: "string", unique: true, notNull: true, index: false }],
        belongsTo: [],
        hasMany: [],
        public: false,
      },
    ]);
    expect(await readFile(join(dir, "README.md"), "utf8")).toContain("| `POST`   | `/api/v1/categories`");
  });

  test("the chain of the issue: belongs-to, has-many; earlier models' files are regenerated", async () => {
    const dir = await fixtures.project("full");
    await added(dir, CATEGORY);
    await added(dir, PRODUCT);
    await added(dir, ["add-model", "Review", "--fields", "body:string,stars:int", "--belongs-to", "Product"]);
    const related = await added(dir, ["add-model", "Category", "--has-many", "Product"]);
    expect(related.stdout).toContain("Related Category");
    const service = await readFile(join(dir, "src/categories/category.service.ts"), "utf8");
    expect(service).toContain("still has products: delete them first");
    expect(service).toContain('include.includes("products")');
    expect(await readFile(join(dir, "src/reviews/reviews.routes.ts"), "utf8")).toContain("productReviewsRoutes");
    const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    expect(manifest.models.map((model: { name: string }) => model.name)).toEqual(["Category", "Product", "Review"]);
    expect(manifest.models[0].hasMany).toEqual(["Product"]);
  });
});

describe("scaffold add-model: edited files are merged, never refused", () => {
  test("an edit to a parent's service in other lines survives --belongs-to, without markers", async () => {
    const dir = await fixtures.project("minimal");
    await added(dir, CATEGORY);
    const service = join(dir, "src/categories/category.service.ts");
    const rule = "  // Business rule: a category name is stored trimmed.\n";
    const edited = (await readFile(service, "utf8")).replace("  async create(", `${rule}  async create(`);
    await writeFile(service, edited);
    const result = await added(dir, PRODUCT);
    expect(result.stdout).toContain("merged with your edits (1):\n    src/categories/category.service.ts");
    const merged = await readFile(service, "utf8");
    expect(merged).toContain(`${rule}  async create(`);
    // The relation's own changes are there too: the delete guard over the children.
    expect(merged).toContain("still has products: delete them first");
    expect(merged).not.toContain("<<<<<<<");
  });

  test("an edit to the lines a run changes: conflict markers, the file named, exit 1; the rest is written", async () => {
    const dir = await fixtures.project("minimal");
    await added(dir, CATEGORY);
    const service = join(dir, "src/categories/category.service.ts");
    const code = await readFile(service, "utf8");
    // The delete's doc comment, which the relation rewrites (it adds the children's CONFLICT).
    const line = /^ {2}\/\*\* Soft delete:.*$/m.exec(code)?.[0] as string;
    await writeFile(service, code.replace(line, "  /** Soft delete, audited by the nightly job. */"));
    const result = await runCli([...PRODUCT, "--yes"], dir, { env: cliEnv() });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("1 file has conflicts to resolve");
    expect(result.stdout).toContain("src/categories/category.service.ts");
    const merged = await readFile(service, "utf8");
    expect(merged).toMatch(
      /<<<<<<< yours\n {2}\/\*\* Soft delete, audited by the nightly job\. \*\/\n=======\n.*CONFLICT while it has children.*\n>>>>>>> add-model Product\n/,
    );
    expect(existsSync(join(dir, "src/products/products.routes.ts"))).toBe(true);
  });

  test("a module list no insert can follow: conflict markers there, the rest written", async () => {
    const dir = await fixtures.project("minimal");
    const index = join(dir, "src/modules.ts");
    await writeFile(
      index,
      (await readFile(index, "utf8")).replace(
        /export const modules = \[(.*)\] as const;/,
        "const list = [$1] as const;\nexport const modules = list;",
      ),
    );
    const result = await runCli([...CATEGORY, "--yes"], dir, { env: cliEnv() });
    expect(result.exitCode).toBe(1);
    const merged = await readFile(index, "utf8");
    expect(merged).toContain("<<<<<<< yours\nconst list = [");
    expect(merged).toContain("export const modules = [apidocsModule, usersModule, categoriesModule] as const;");
    expect(merged).toContain('import { categoriesModule } from "./categories/categories.module.ts";');
    expect(existsSync(join(dir, "src/categories/category.ts"))).toBe(true);
  });

  test("the project's release of the templates cannot be fetched: this scaffold's stand in, with a notice", async () => {
    const dir = await fixtures.project("minimal");
    const path = join(dir, "scaffold.json");
    const manifest = JSON.parse(await readFile(path, "utf8"));
    // Another patch release of the same series, which only a download (here from a port nothing listens on) gives.
    const other = manifest.templateVersion.replace(/\d+$/, "99");
    await writeFile(path, JSON.stringify({ ...manifest, templateVersion: other }, null, 2));
    const result = await runCli([...CATEGORY, "--yes"], dir, {
      env: cliEnv({ SCAFFOLD_TEMPLATE_SOURCE: "http://127.0.0.1:9" }),
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Could not get templates v${other}`);
    expect(result.stderr).toContain("own templates");
    expect(existsSync(join(dir, "src/categories/category.ts"))).toBe(true);
    expect(JSON.parse(await readFile(path, "utf8")).templateVersion).toBe(other);
  });
});
