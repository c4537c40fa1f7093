import { describe, expect, test } from "bun:test";
import { type ProjectOptions, planProject, selectLayers } from "../../src/generate/plan.ts";
import type { TemplateTree } from "../../src/generate/template-tree.ts";

const tree: TemplateTree = {
  manifest: {
    formatVersion: 1,
    version: "9.9.9",
    available: { template: ["full"], database: ["postgres", "sqlite"], observability: ["none"] },
    layers: [
      { dir: "base", when: {} },
      { dir: "full", when: { template: ["full"] } },
      { dir: "sqlite", when: { database: ["sqlite"] } },
    ],
  },
  files: {
    "manifest.json": { contents: "{}", mode: 0o644 },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions syntax the planner must leave alone
    "layers/base/README.md": { contents: "# __PROJECT_NAME__ ${{ secrets.X }} {{ grafana }}\n", mode: 0o644 },
    "layers/base/package.json": { contents: '{"name":"__PROJECT_NAME__","scripts":{"test":"bun test"}}', mode: 0o644 },
    "layers/full/package.json": { contents: '{"scripts":{"start":"node src/main.ts"}}', mode: 0o644 },
    "layers/full/setup.sh": { contents: "#!/bin/sh\n", mode: 0o755 },
    "layers/sqlite/db.ts": { contents: "sqlite", mode: 0o644 },
    "layers/sqlite/setup.sh": { contents: "#!/bin/sh\n# sqlite\n", mode: 0o755 },
    "layers/base/.env.example": {
      contents: "# Header\n\nPORT=8080\n# Log format.\nAPP_ENV=development\n",
      mode: 0o644,
    },
    "layers/full/.env.example": { contents: "# Signing key.\nJWT_SECRET=dev\n", mode: 0o644 },
    "layers/sqlite/.env.example": {
      contents: "# Tests log less.\nAPP_ENV=test\n# The file.\nDATABASE_URL=file:./a.sqlite\n# container: none\n",
      mode: 0o644,
    },
  },
};
const options: ProjectOptions = {
  projectName: "demo-api",
  template: "full",
  database: "postgres",
  observability: "none",
  templateRef: null,
  cliVersion: "1.2.3",
};

describe("planProject", () => {
  test("applies only the layers whose conditions match, in manifest order", () => {
    expect(selectLayers(tree, options)).toEqual(["base", "full"]);
    expect(selectLayers(tree, { ...options, database: "sqlite" })).toEqual(["base", "full", "sqlite"]);
  });

  test("substitutes the project name and leaves Actions and Grafana braces alone", () => {
    const readme = planProject(tree, options).find((f) => f.path === "README.md");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions syntax the planner must leave alone
    expect(readme?.contents).toBe("# demo-api ${{ secrets.X }} {{ grafana }}\n");
  });

  test("merges package.json fragments and keeps file modes", () => {
    const files = planProject(tree, options);
    const pkg = JSON.parse(files.find((f) => f.path === "package.json")?.contents ?? "{}");
    expect(pkg).toEqual({ name: "demo-api", scripts: { test: "bun test", start: "node src/main.ts" } });
    expect(files.find((f) => f.path === "setup.sh")?.mode).toBe(0o755);
    expect(files.some((f) => f.path === "db.ts")).toBe(false);
  });

  test("names the layers each file comes from: the last one, or every contributor of a merged file, in order", () => {
    const from = (database: ProjectOptions["database"]) =>
      Object.fromEntries(planProject(tree, { ...options, database }).map(({ path, layers }) => [path, layers]));
    expect(from("postgres")).toEqual({
      ".env.example": ["base", "full"],
      "README.md": ["base"],
      "package.json": ["base", "full"],
      "scaffold.json": [], // written by the CLI, from no layer
      "setup.sh": ["full"],
    });
    expect(from("sqlite")).toMatchObject({
      ".env.example": ["base", "full", "sqlite"],
      "db.ts": ["sqlite"],
      "setup.sh": ["sqlite"], // replaced, not merged: only the last layer's file is written
      "package.json": ["base", "full"],
    });
  });

  test("concatenates .env.example fragments in layer order", () => {
    const env = planProject(tree, options).find((f) => f.path === ".env.example");
    expect(env?.contents).toBe(
      "# Header\n\nPORT=8080\n# Log format.\nAPP_ENV=development\n# Signing key.\nJWT_SECRET=dev\n",
    );
  });

  test("a later .env.example fragment replaces an earlier variable, with its comment, where it stood", () => {
    const env = planProject(tree, { ...options, database: "sqlite" }).find((f) => f.path === ".env.example");
    expect(env?.contents).toBe(
      [
        "# Header",
        "",
        "PORT=8080",
        "# Tests log less.",
        "APP_ENV=test",
        "# Signing key.",
        "JWT_SECRET=dev",
        "# The file.",
        "DATABASE_URL=file:./a.sqlite",
        "# container: none",
        "",
      ].join("\n"),
    );
  });

  test("records the generation choices in scaffold.json", () => {
    const manifest = JSON.parse(planProject(tree, options).find((f) => f.path === "scaffold.json")?.contents ?? "{}");
    expect(manifest).toEqual({
      name: "demo-api",
      template: "full",
      database: "postgres",
      observability: "none",
      templateRef: null,
      templateVersion: "9.9.9",
      cliVersion: "1.2.3",
    });
  });
});
