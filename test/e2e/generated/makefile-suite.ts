import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeTools } from "../../support/fake-tools.ts";
import { type CommandResult, expectSuccess, projectEnv, runCommand } from "../../support/generated-project.ts";

const TARGETS = [
  "help",
  "run",
  "migrate",
  "build",
  "test",
  "test-coverage",
  "lint",
  "container-build",
  "container-run",
  "clean",
  "apidocs",
];

function make(dir: string, args: string[]): Promise<CommandResult> {
  return runCommand("make", args, { cwd: dir, env: projectEnv(), timeoutMs: 300_000 });
}

/** Every target of the generated Makefile, run in the project (or a copy, for the ones that delete or need tools). */
export function describeMakefile(
  project: () => string,
  {
    auth = true,
    api = "openapi",
  }: {
    /** The template signs users up (full): its document has the auth routes and a bearer scheme. */ auth?: boolean;
    /** What `make apidocs` writes: the OpenAPI document (REST templates) or the GraphQL schema (graphql). */
    api?: "openapi" | "graphql";
  } = {},
): void {
  describe("Makefile", () => {
    const scratch: string[] = [];
    afterAll(async () => {
      for (const dir of scratch) await rm(dir, { recursive: true, force: true });
      await rm(join(project(), "openapi.json"), { force: true });
      await rm(join(project(), "schema.graphql"), { force: true });
      await rm(join(project(), "coverage"), { recursive: true, force: true });
    }, 60_000);

    test("make help lists exactly the documented targets, each with a description", async () => {
      const result = await make(project(), ["help"]);
      expectSuccess("make help", result);
      const listed = result.output
        .split("\n")
        .map((line) => /^\s+([a-z-]+)\s+\S/.exec(line)?.[1])
        .filter(Boolean);
      expect(listed.sort()).toEqual([...TARGETS].sort());
    });

    if (api === "openapi") {
      test(`make apidocs writes the OpenAPI document, with every route${auth ? " and the bearer scheme" : ""}, to openapi.json`, async () => {
        expectSuccess("make apidocs", await make(project(), ["apidocs"]));
        const document = JSON.parse(await readFile(join(project(), "openapi.json"), "utf8"));
        expect(document.openapi).toMatch(/^3\.1/);
        expect(Object.keys(document.paths)).toEqual(
          expect.arrayContaining([
            ...(auth ? ["/api/v1/auth/register"] : ["/api/v1/users"]),
            "/api/v1/users/{id}",
            "/health/readiness",
          ]),
        );
        if (auth)
          expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
        else expect(document.components?.securitySchemes).toBeUndefined();
      }, 60_000);
    } else {
      test("make apidocs writes the GraphQL schema (SDL) to schema.graphql, and no OpenAPI document", async () => {
        expectSuccess("make apidocs", await make(project(), ["apidocs"]));
        const sdl = await readFile(join(project(), "schema.graphql"), "utf8");
        for (const line of [
          "scalar Time",
          "type User {",
          "createUser(input: CreateUserInput!): User!",
          "user(id: ID!): User",
        ]) {
          expect(sdl).toContain(line);
        }
        expect(existsSync(join(project(), "openapi.json"))).toBe(false);
      }, 60_000);
    }

    test("make lint and make test pass; make test-coverage writes coverage/lcov.info", async () => {
      expectSuccess("make lint", await make(project(), ["lint"]));
      const tests = await make(project(), ["test"]);
      expectSuccess("make test", tests);
      expect(tests.output).toMatch(/\d+ pass\s+0 fail/);
      expectSuccess("make test-coverage", await make(project(), ["test-coverage"]));
      expect((await readFile(join(project(), "coverage", "lcov.info"), "utf8")).length).toBeGreaterThan(0);
    }, 300_000);

    test("make run, migrate, build and test-coverage are npm start, npm run db:migrate, npm install plus the type-check, and npm test with coverage (dry run)", async () => {
      const dryRun = await make(project(), ["-n", "run", "migrate", "build", "test-coverage"]);
      expectSuccess("make -n run migrate build test-coverage", dryRun);
      expect(dryRun.output.trim().split("\n")).toEqual([
        "npm start",
        "npm run db:migrate",
        "npm install",
        "npm run typecheck",
        // Through npm: a pretest script (graphql's codegen) runs first, as on a fresh clone it must.
        "npm test -- --coverage --coverage-reporter=text --coverage-reporter=lcov",
      ]);
    });

    test("make container-build and container-run hand the image name, port and .env to the container tool", async () => {
      const docker = await fakeTools({ docker: 0 });
      scratch.push(docker.bin);
      const tool = join(docker.bin, "docker");
      const name = JSON.parse(await readFile(join(project(), "package.json"), "utf8")).name as string;
      expectSuccess("make container-build", await make(project(), ["container-build", `CONTAINER=${tool}`]));
      expectSuccess("make container-run", await make(project(), ["container-run", `CONTAINER=${tool}`, "PORT=9090"]));
      const calls = (await docker.calls()).trim().split("\n");
      expect(calls[0]).toBe(`docker build -t ${name} .`);
      expect(calls[1]).toBe(`docker run --rm -p 9090:8080 --env-file .env -e PORT=8080 -e APP_ENV=production ${name}`);
    });

    test("make container-build on a project without a lock file runs npm install first (the image installs from it)", async () => {
      const copy = await mkdtemp(join(tmpdir(), "scaffold-make-lock-"));
      scratch.push(copy);
      for (const file of ["Makefile", "package.json"]) await cp(join(project(), file), join(copy, file));
      const dryRun = await make(copy, ["-n", "container-build", "CONTAINER=docker"]);
      expectSuccess("make -n container-build", dryRun);
      const name = JSON.parse(await readFile(join(copy, "package.json"), "utf8")).name as string;
      expect(dryRun.output.trim().split("\n")).toEqual(["npm install", `docker build -t ${name} .`]);
    });

    test("make clean removes dependencies, coverage, the API description export and the embedded database files only", async () => {
      const copy = await mkdtemp(join(tmpdir(), "scaffold-make-clean-"));
      scratch.push(copy);
      await cp(join(project(), "Makefile"), join(copy, "Makefile"));
      for (const dir of ["node_modules/x", "coverage", ".data", "src"])
        await mkdir(join(copy, dir), { recursive: true });
      for (const file of ["openapi.json", "schema.graphql", ".env", "src/main.ts", ".data/app.sqlite"])
        await writeFile(join(copy, file), "x");
      expectSuccess("make clean", await make(copy, ["clean"]));
      for (const gone of ["node_modules", "coverage", "openapi.json", "schema.graphql", ".data"])
        expect(existsSync(join(copy, gone))).toBe(false);
      for (const kept of [".env", "src/main.ts", "Makefile"]) expect(existsSync(join(copy, kept))).toBe(true);
    });
  });
}
