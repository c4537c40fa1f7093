/**
 * Every code block of the library's docs (docs/crud.md, crud-openapi.md, crud-graphql.md), used as a reader would:
 * against the packed `@scaffold-dev/crud` tarball installed into a fresh folder with the peers the docs' install
 * lines name (nothing from this repository). The quick start file is started on Node 24, the oldest Node.js the
 * packages support, Bun and Deno with the documented commands, and the documented requests are sent to it; every
 * TypeScript fragment is type-checked, after the documented preamble, by that folder's own `tsc` under the
 * `tsconfig.json` the docs' `npx tsc --init` line writes.
 *
 * Each fenced block is preceded by a marker comment saying what the test does with it:
 * - `<!-- test: install -->`   shell lines run in the fresh folder (`npm init -y` and `npm install` make the folder;
 *                               `@scaffold-dev/crud` is the packed tarball; `npx tsc --noEmit` is the type-check);
 * - `<!-- test: run FILE -->`  the complete program, saved as FILE (and as FILE.ts, to type-check it);
 * - `<!-- test: start -->`     one command per runtime that starts FILE (PORT is set to a free port);
 * - `<!-- test: requests -->`  curl lines sent to each started server, whose answers are checked;
 * - `<!-- test: preamble -->`  the lines every `typecheck` fragment is prefixed with;
 * - `<!-- test: typecheck -->` / `<!-- test: typecheck standalone -->`  a fragment, with / without the preamble;
 * - `<!-- test: typecheck and run -->`  also run on Node 24 (as the preamble says: next to the program), and called;
 * - `<!-- test: skip (reason) -->`  output and repository commands only: never a ts/js block.
 */

import { afterAll, describe, expect, test } from "bun:test";
import { type ChildProcess, spawn } from "node:child_process";
import { copyFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expectSuccess, repoBin, repoRoot, runCommand } from "../support/generated-project.ts";
import { freshProject, packedTarballs, userEnv } from "../support/npm-packages.ts";
import { oldestNodeVersion } from "../support/oldest-node.ts";
import { freePort } from "../support/ports.ts";

const DOCS = ["docs/crud.md", "docs/crud-openapi.md", "docs/crud-graphql.md"];
const PACKAGE = "@scaffold-dev/crud";

interface Block {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** The marker's text after `test:` ("" when the block has none). */
  marker: string;
  code: string;
}

function codeBlocks(doc: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith("```"));
    if (end < 0) throw new Error(`${doc}:${i + 1}: code block never closed`);
    const marker = /^<!-- test: (.+?) -->$/.exec(lines[i - 1] ?? "")?.[1] ?? "";
    blocks.push({ doc, line: i + 1, lang: open[1] ?? "", marker, code: `${lines.slice(i + 1, end).join("\n")}\n` });
    i = end;
  }
  return blocks;
}

const blocks = (
  await Promise.all(DOCS.map(async (doc) => codeBlocks(doc, await readFile(join(repoRoot, doc), "utf8"))))
).flat();
const where = (block: Block) => `${block.doc}:${block.line}`;
const withMarker = (pattern: RegExp) => blocks.filter((block) => pattern.test(block.marker));
const lines = (block: Block) =>
  block.code
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

function only(pattern: RegExp): Block {
  const found = withMarker(pattern);
  if (found.length !== 1) throw new Error(`expected one block marked ${pattern}, found ${found.map(where).join(", ")}`);
  return found[0] as Block;
}

describe("the docs' code blocks are marked", () => {
  test("every block says what the test does with it; ts/js blocks are all run or type-checked", () => {
    const known =
      /^(install|run \S+|start|requests|preamble|typecheck|typecheck standalone|typecheck and run|skip \(.+\))$/;
    const problems = blocks.flatMap((block) => {
      if (!known.test(block.marker)) return [`${where(block)}: no or unknown marker '${block.marker}'`];
      const code = ["ts", "js", "typescript", "javascript"].includes(block.lang);
      if (code && /^(skip|install|start|requests)/.test(block.marker))
        return [`${where(block)}: a ${block.lang} block is ${block.marker}`];
      if (!code && /^(run|preamble|typecheck)/.test(block.marker))
        return [`${where(block)}: a ${block.lang} block is ${block.marker}`];
      return [];
    });
    expect(problems).toEqual([]);
    // The shape the rest of this file relies on.
    for (const marker of [/^run /, /^start$/, /^requests$/, /^preamble$/]) only(marker);
    expect(withMarker(/^typecheck/).length).toBeGreaterThan(5);
  });

  test("the docs import the package, never the repository's sources", () => {
    const code = blocks.filter((block) => /^(run|preamble|typecheck)/.test(block.marker));
    const imports = code.flatMap((block) =>
      [...block.code.matchAll(/from "([^"]+)"/g)].map((m) => `${where(block)} ${m[1]}`),
    );
    expect(imports.filter((line) => /src\/|scaffold\/crud|\.\.\//.test(line))).toEqual([]);
  });
});

/** The documented program's file name, and its text. */
const program = only(/^run /);
const programFile = program.marker.slice("run ".length);
const tsFile = programFile.replace(/\.[cm]?js$/, ".ts");

const fragmentFile = (block: Block) =>
  `${block.doc.replace(/^docs\//, "").replace(/\.md$/, "")}-md-line-${block.line}.ts`;
const CHECK = /^npx tsc --noEmit$/;

let preparing: Promise<string> | undefined;
// Removing the folder's node_modules can outlast bun's 5 s hook default on a busy machine.
afterAll(async () => {
  const dir = await preparing?.catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

/**
 * The fresh folder: `npm init -y` + `npm install` of every package the install blocks name (the tarball for the
 * library), the program and the fragments written, then the install blocks' other lines in order (`npm pkg set …`,
 * `npx tsc --init …`), except the type-check itself.
 */
function project(): Promise<string> {
  preparing ??= (async () => {
    const { crud } = await packedTarballs();
    const installs = withMarker(/^install$/).flatMap(lines);
    const deps = installs
      .filter((line) => line.startsWith("npm install "))
      .flatMap((line) => line.split(/\s+/).slice(2))
      .filter((word) => !word.startsWith("-"))
      .map((dep) => (dep === PACKAGE ? crud : dep));
    expect(deps).toContain(crud);
    const dir = await freshProject(deps);
    await writeFile(join(dir, programFile), program.code);
    // "The file has no type annotations, so it is also a valid TypeScript file": type-checked as such.
    await copyFile(join(dir, programFile), join(dir, tsFile));
    const preamble = only(/^preamble$/).code;
    for (const block of withMarker(/^typecheck/)) {
      const standalone = block.marker === "typecheck standalone";
      await writeFile(join(dir, fragmentFile(block)), standalone ? block.code : `${preamble}${block.code}`);
    }
    const env = await userEnv();
    for (const line of installs) {
      if (line === "npm init -y" || line.startsWith("npm install ") || CHECK.test(line)) continue;
      expectSuccess(line, await runCommand("sh", ["-c", line], { cwd: dir, env, timeoutMs: 120_000 }));
    }
    return dir;
  })();
  return preparing;
}

test("every TypeScript block type-checks with the fresh folder's own tsc, under the tsconfig `npx tsc --init` wrote", async () => {
  const dir = await project();
  const check = withMarker(/^install$/)
    .flatMap(lines)
    .find((line) => CHECK.test(line));
  expect(check).toBeDefined();
  const result = await runCommand("sh", ["-c", check as string], {
    cwd: dir,
    env: await userEnv(),
    timeoutMs: 300_000,
  });
  const files = withMarker(/^typecheck/).map((block) => `${fragmentFile(block)} is ${where(block)}`);
  if (result.code !== 0) {
    const legend = `${files.join("; ")}; a fragment's line N is its doc's fence line + N, less the preamble's lines`;
    throw new Error(`${check} failed (${legend})\n${result.output}`);
  }
  // The compiler did read them: the tsconfig is tsc --init's (strict), and every fragment is in the program.
  const listed = await runCommand("npx", ["tsc", "--listFilesOnly"], {
    cwd: dir,
    env: await userEnv(),
    timeoutMs: 300_000,
  });
  for (const file of [tsFile, ...withMarker(/^typecheck/).map(fragmentFile)]) expect(listed.output).toContain(file);
  const tsconfig = await readFile(join(dir, "tsconfig.json"), "utf8");
  expect(tsconfig).toMatch(/"strict": true/);
  expect(tsconfig).toMatch(/"exactOptionalPropertyTypes": true/);
}, 900_000);

interface Runtime {
  name: string;
  /** The documented start command's first word. */
  command: "node" | "bun" | "deno";
  /** Node.js version put first on PATH (the repository's Node 24 otherwise). */
  node?: string;
  /** The file to run instead of the program (its `.ts` copy, or a fragment). */
  file?: string;
}

const RUNTIMES: Runtime[] = [
  { name: "Node.js 24", command: "node" },
  { name: "Node.js 24, the program renamed .ts", command: "node", file: tsFile },
  { name: `Node.js ${oldestNodeVersion()}`, command: "node", node: oldestNodeVersion() },
  { name: "Bun", command: "bun" },
  { name: "Deno", command: "deno" },
];

const started = new Set<ChildProcess>();
/** Ends the server and whatever it started (once: a second signal to an ended group throws ESRCH). */
function kill(child: ChildProcess): void {
  if (!started.delete(child) || child.exitCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // it ended meanwhile
  }
}
afterAll(() => {
  for (const child of started) kill(child);
});

/** Starts the documented command; resolves with its base URL once the API answers. */
async function start(dir: string, runtime: Runtime): Promise<{ url: string; output: () => string; stop: () => void }> {
  const line = lines(only(/^start$/)).find((command) => command.split(/\s+/)[0] === runtime.command);
  if (!line) throw new Error(`the start block has no '${runtime.command}' command`);
  const port = await freePort();
  const env: Record<string, string> = { ...(await userEnv(runtime.node)), PORT: String(port) };
  // bun and deno are the repository's, as a user's would be on PATH.
  if (runtime.command !== "node") env.PATH = `${repoBin}:${env.PATH}`;
  const words = line.split(/\s+/).map((word) => (word === programFile ? (runtime.file ?? word) : word));
  const [command, ...args] = words as [string, ...string[]];
  const child = spawn(command, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  started.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${line} exited with ${child.exitCode}\n${output}`);
    const ok = await fetch(`${url}/api/authors`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return { url, output: () => output, stop: () => kill(child) };
    }
    await Bun.sleep(250);
  }
  throw new Error(`${line} did not answer on ${url} within 120 s\n${output}`);
}

describe("the quick start runs as written", () => {
  for (const runtime of RUNTIMES) {
    test(`${runtime.name}: started with the documented command, it answers the documented requests`, async () => {
      const dir = await project();
      const server = await start(dir, runtime);
      try {
        // The documented curl lines, sent to this server's port.
        const answers: unknown[] = [];
        for (const line of lines(only(/^requests$/))) {
          const request = line.replaceAll("localhost:3000", server.url.replace(/^http:\/\//, ""));
          const result = await runCommand("sh", ["-c", request], { cwd: dir, timeoutMs: 30_000 });
          expectSuccess(request, result);
          answers.push(JSON.parse(result.output));
        }
        const [author, book, page] = answers as [
          Record<string, unknown>,
          Record<string, unknown>,
          Record<string, unknown>,
        ];
        // As the docs say it answers.
        expect(author).toEqual({ id: 1, name: "Frank Herbert", email: "frank@example.com" });
        expect(book).toMatchObject({ id: 1, title: "Dune", authorId: 1, pages: 412, version: 0, deleted: false });
        expect(book.author).toEqual(author);
        expect(page).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10, numberOfElements: 1 });
        expect(page.content).toEqual([book]);

        // 201 with Location, and the list and filters see it.
        const created = await fetch(`${server.url}/api/authors`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Ursula K. Le Guin", email: "ursula@example.com" }),
        });
        expect(created.status).toBe(201);
        expect(created.headers.get("location")).toBe("/api/authors/2");
        const list = (await (await fetch(`${server.url}/api/authors?name_like=guin`)).json()) as { content: unknown[] };
        expect(list.content).toEqual([{ id: 2, name: "Ursula K. Le Guin", email: "ursula@example.com" }]);
        const openapi = await fetch(`${server.url}/api/openapi.json`);
        expect(openapi.status).toBe(200);
        expect(((await openapi.json()) as { paths: object }).paths).toHaveProperty("/api/books/{id}");
        // The reference UI's page and assets come from the package itself.
        for (const path of ["/apidocs-ui.html", "/apidocs-ui/swagger-ui.css", "/apidocs-ui/swagger-ui-bundle.js"]) {
          expect({ path, status: (await fetch(`${server.url}${path}`)).status }).toEqual({ path, status: 200 });
        }
        expect(server.output()).toContain("Listening on http://localhost:");
      } finally {
        server.stop();
      }
    }, 900_000);
  }
});

test("crud-graphql.md's example, run next to the quick start on Node 24, serves GraphQL from the same resources", async () => {
  const dir = await project();
  const block = only(/^typecheck and run$/);
  const server = await start(dir, { name: "Node.js 24", command: "node", file: fragmentFile(block) });
  try {
    const graphql = async (query: string) => {
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, body: await response.json() };
    };
    // The answer the docs print, then a mutation and the REST API seeing its row.
    expect(await graphql("{ authors { totalCount } }")).toEqual({
      status: 200,
      body: { data: { authors: { totalCount: 0 } } },
    });
    const created = await graphql(
      'mutation { createAuthor(input: { name: "Octavia E. Butler", email: "octavia@example.com" }) { id name } }',
    );
    expect(created).toEqual({ status: 200, body: { data: { createAuthor: { id: 1, name: "Octavia E. Butler" } } } });
    const rest = (await (await fetch(`${server.url}/api/authors/1`)).json()) as { name: string };
    expect(rest.name).toBe("Octavia E. Butler");
    expect((await fetch(`${server.url}/graphiql`)).status).toBe(200);
    // `console.log(graphql.sdl)`
    expect(server.output()).toContain("type Author");
  } finally {
    server.stop();
  }
}, 900_000);
