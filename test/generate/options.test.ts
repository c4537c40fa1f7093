import { describe, expect, test } from "bun:test";
import { ScaffoldError } from "../../src/generate/errors.ts";
import { checkAvailable, resolveOptions } from "../../src/generate/options.ts";
import { projectNameProblem } from "../../src/generate/project-name.ts";
import type { TemplateManifest } from "../../src/generate/template-tree.ts";

describe("projectNameProblem", () => {
  test("accepts valid npm names that are safe directory names", () => {
    for (const name of ["my-api", "a", "api2", "my_api", "my.api", "0day", "a".repeat(214)]) {
      expect(projectNameProblem(name)).toBeUndefined();
    }
  });

  test("explains each rejected name", () => {
    expect(projectNameProblem("")).toBe("the project name is empty");
    expect(projectNameProblem("@scope/pkg")).toContain("path separators");
    expect(projectNameProblem("..")).toContain('".."');
    expect(projectNameProblem("-x")).toContain("starting with a letter or a digit");
    expect(projectNameProblem("my api")).toContain("use only lowercase");
    expect(projectNameProblem("api.")).toContain('cannot end with "."');
    expect(projectNameProblem("LPT1.txt")).toContain("use only lowercase");
    expect(projectNameProblem("lpt1.txt")).toContain("reserved");
    expect(projectNameProblem("favicon.ico")).toContain("reserved");
  });
});

const failure = (fn: () => unknown): ScaffoldError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScaffoldError) return error;
  }
  throw new Error("expected a ScaffoldError");
};

describe("resolveOptions", () => {
  test("fills the defaults", () => {
    expect(resolveOptions({ name: "demo" })).toEqual({
      projectName: "demo",
      template: "full",
      database: "postgres",
      observability: "none",
      templateRef: null,
      templateSource: null,
      offline: false,
      force: false,
      dryRun: false,
      json: false,
    });
  });

  test("keeps the choices and treats a blank ref as none", () => {
    const options = resolveOptions({ name: "x", database: "sqlite", observability: "basic", templateRef: " " });
    expect(options).toMatchObject({ database: "sqlite", observability: "basic", templateRef: null });
  });

  test("usage errors (exit 2) with one sentence each", () => {
    const cases: [Parameters<typeof resolveOptions>[0], string][] = [
      [{}, "Missing project name: run `scaffold new <project-name>`."],
      [{ name: "x", database: "db2" }, 'Invalid --database "db2": use one of postgres, mysql, sqlite.'],
      [{ name: "x", template: "minimal", observability: "basic" }, "--observability basic needs --template full"],
      [{ name: "x", json: true }, "--json only applies to a dry run: add --dry-run."],
    ];
    for (const [args, message] of cases) {
      const error = failure(() => resolveOptions(args));
      expect(error.message).toStartWith(message);
      expect(error.exitCode).toBe(2);
    }
  });
});

test("checkAvailable refuses choices missing from the manifest, naming the available ones", () => {
  const manifest: TemplateManifest = {
    formatVersion: 1,
    version: "1.0.0",
    available: { template: ["full"], database: ["postgres", "sqlite"], observability: ["none", "basic"] },
    layers: [],
  };
  expect(() => checkAvailable(manifest, resolveOptions({ name: "x", database: "sqlite" }))).not.toThrow();
  const error = failure(() => checkAvailable(manifest, resolveOptions({ name: "x", database: "mysql" })));
  expect(error.message).toBe(
    "--database mysql is not available in templates 1.0.0 yet (it arrives in a later release): use --database postgres or sqlite.",
  );
  expect(error.exitCode).toBe(2);
});
