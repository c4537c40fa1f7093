/**
 * `--template-ref` / `--template-source` / `--offline` against a local HTTP server serving template archives packed
 * the way build.ts packs them: the right version per ref, the cache offline, clear errors (dead server, no cache,
 * incompatible format), and archives that try to write outside their folder.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createTar } from "nanotar";
import { packTemplateArchive } from "../../src/build/template-archive.ts";
import { cliEnv, home, listTree, readText, repoRoot, runCli, tempDir, useTempHome } from "../cli/run-cli.ts";

useTempHome();

let work: string;
let server: ReturnType<typeof Bun.serve>;
let base: string;
const requests: string[] = [];
const escapeName = `scaffold-escape-${randomBytes(4).toString("hex")}`;

/** The repository's templates with another version (and a marker file that says which). */
async function templatesVersion(version: string, formatVersion = 1): Promise<Uint8Array> {
  const dir = join(work, `templates-${version}`);
  await cp(join(repoRoot, "templates"), dir, { recursive: true });
  const manifest = JSON.parse(await readText(join(dir, "manifest.json")));
  await writeFile(join(dir, "manifest.json"), JSON.stringify({ ...manifest, version, formatVersion }));
  await writeFile(join(dir, "layers/base/TEMPLATE_VERSION"), `${version}\n`);
  return packTemplateArchive(dir);
}

/** Entries that climb out of the extraction folder, beside one valid template tree. */
function maliciousArchive(): Uint8Array {
  const manifest = {
    formatVersion: 1,
    version: "6.6.6",
    available: { template: ["full"], database: ["postgres"], observability: ["none"] },
    layers: [{ dir: "base" }],
  };
  const text = (name: string, data: string) => ({ name, data: new TextEncoder().encode(data) });
  return new Uint8Array(
    gzipSync(
      createTar([
        text("templates/manifest.json", JSON.stringify(manifest)),
        text("templates/layers/base/ok.txt", "ok"),
        text(`templates/../../../../${escapeName}-a`, "x"),
        text(`templates/layers/../../../${escapeName}-b`, "x"),
        text(`templates/layers/base/../../../../../../${escapeName}-c`, "x"),
      ]),
    ),
  );
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  work = await tempDir("scaffold-source-");
  const archives: Record<string, Uint8Array> = {
    "/templates-0.1.0.tar.gz": await templatesVersion("0.1.0"),
    "/templates-0.2.0.tar.gz": await templatesVersion("0.2.0"),
    "/templates-9.0.0.tar.gz": await templatesVersion("9.0.0", 99),
    "/templates-6.6.6.tar.gz": maliciousArchive(),
  };
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      requests.push(`${request.method} ${path}`);
      const body = archives[path];
      return body
        ? new Response(new Blob([body.slice()]), { headers: { "content-type": "application/gzip" } })
        : new Response("no", { status: 404 });
    },
  });
  base = `http://127.0.0.1:${server.port}/`;
}, 60_000);

afterAll(async () => {
  server.stop(true);
  await rm(work, { recursive: true, force: true });
});

let counter = 0;
async function freshCwd(): Promise<string> {
  const dir = join(work, `case-${++counter}`);
  await mkdir(dir);
  return dir;
}

/** A dry run's JSON report with the given template flags. */
async function dryRun(args: string[], env = cliEnv()) {
  const cwd = await freshCwd();
  const result = await runCli(["demo", "-n", "--json", ...args], cwd, { env });
  return { ...result, report: result.exitCode === 0 ? JSON.parse(result.stdout) : undefined, cwd };
}

describe("remote template refs", () => {
  test("--template-ref picks the archive of that version from --template-source", async () => {
    const v2 = await dryRun(["--template-source", base, "--template-ref", "v0.2.0"]);
    expect(v2.stderr).toBe("");
    expect(v2.report).toMatchObject({ templateRef: "v0.2.0", templateVersion: "0.2.0" });
    const v1 = await dryRun(["--template-source", base, "--template-ref=v0.1.0"]);
    expect(v1.report).toMatchObject({ templateRef: "v0.1.0", templateVersion: "0.1.0" });
    expect(requests.filter((r) => r.startsWith("GET"))).toEqual([
      "GET /templates-0.2.0.tar.gz",
      "GET /templates-0.1.0.tar.gz",
    ]);
  }, 30_000);

  test("the generated project records the ref and holds that version's files", async () => {
    const cwd = await freshCwd();
    const { exitCode } = await runCli(["demo", "--template-source", base, "--template-ref", "v0.2.0"], cwd);
    expect(exitCode).toBe(0);
    expect(await readText(join(cwd, "demo/TEMPLATE_VERSION"))).toBe("0.2.0\n");
    expect(JSON.parse(await readText(join(cwd, "demo/scaffold.json")))).toMatchObject({
      templateRef: "v0.2.0",
      templateVersion: "0.2.0",
    });
  }, 30_000);

  test("SCAFFOLD_TEMPLATE_SOURCE is the default source for --template-ref", async () => {
    const { report } = await dryRun(["--template-ref", "v0.1.0"], cliEnv({ SCAFFOLD_TEMPLATE_SOURCE: base }));
    expect(report).toMatchObject({ templateVersion: "0.1.0", templatesFrom: `${base}#v0.1.0` });
  });

  test("an https (here http) tarball URL works as a source", async () => {
    const { report } = await dryRun(["--template-source", `${base}templates-0.2.0.tar.gz`]);
    expect(report).toMatchObject({ templateVersion: "0.2.0" });
  });

  test("--offline uses the cache and downloads nothing", async () => {
    const before = requests.length;
    const { report } = await dryRun(["--template-source", base, "--template-ref", "v0.2.0", "--offline"]);
    expect(report).toMatchObject({ templateVersion: "0.2.0" });
    expect(requests.length).toBe(before);
  });

  test("--offline without a cached copy fails clearly (exit 1)", async () => {
    const { exitCode, stderr } = await dryRun(["--template-source", base, "--template-ref", "v0.3.0", "--offline"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`No cached templates for ${base}#v0.3.0 and --offline forbids downloading`);
  });

  test("an unknown ref fails clearly (exit 1)", async () => {
    const { exitCode, stderr } = await dryRun(["--template-source", base, "--template-ref", "v0.3.0"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`Could not get templates v0.3.0 from ${base}`);
    expect(stderr).toContain("404");
  });

  test("an incompatible template format is refused with a clear message", async () => {
    const { exitCode, stderr } = await dryRun(["--template-source", base, "--template-ref", "v9.0.0"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain("use format 99, but this scaffold understands format 1");
  });

  test("a dead server gives a clear error", async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const { exitCode, stderr } = await dryRun(["--template-source", dead, "--template-ref", "v0.2.0"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain(`Could not get templates v0.2.0 from ${dead}`);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });

  test("an archive with ../ entries writes nothing outside its folder", async () => {
    const { exitCode, cwd } = await dryRun(["--template-source", base, "--template-ref", "v6.6.6"]);
    expect(exitCode).toBe(0);
    const everywhere = [
      ...(await listTree(work)),
      ...(await listTree(home)),
      ...(await readdir(tmpdir())),
      ...(await readdir(join(tmpdir(), ".."))),
    ];
    expect(everywhere.filter((p) => p.includes(escapeName))).toEqual([]);
    const generated = await runCli(["demo", "--template-source", base, "--template-ref", "v6.6.6"], cwd);
    expect(generated.exitCode).toBe(0);
    expect((await listTree(join(cwd, "demo"))).filter((p) => !p.startsWith(".git"))).toEqual([
      "ok.txt",
      "scaffold.json",
    ]);
  });

  test("after the server goes away a download fails clearly even though a cached copy exists", async () => {
    server.stop(true);
    const { exitCode, stderr } = await dryRun(["--template-source", base, "--template-ref", "v0.2.0"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain("Could not get templates v0.2.0");
    expect(stderr).toContain("--offline");
    const offline = await dryRun(["--template-source", base, "--template-ref", "v0.2.0", "--offline"]);
    expect(offline.report).toMatchObject({ templateVersion: "0.2.0" });
  });
});

describe("local template sources", () => {
  test("a local templates folder (or a checkout holding templates/) is used as is", async () => {
    const checkout = await freshCwd();
    await cp(join(repoRoot, "templates"), join(checkout, "templates"), { recursive: true });
    await writeFile(join(checkout, "templates/layers/base/LOCAL"), "local\n");
    for (const source of [checkout, join(checkout, "templates")]) {
      const { report } = await dryRun(["--template-source", source]);
      expect(report.files.map((f: { path: string }) => f.path)).toContain("LOCAL");
      expect(report.templateRef).toBeNull();
    }
  });

  test("a local archive as a release publishes it (path, bare file name or file: URL) is read like a folder", async () => {
    const cwd = await freshCwd();
    await writeFile(join(cwd, "templates-0.2.0.tar.gz"), await templatesVersion("0.2.0"));
    for (const source of [
      "./templates-0.2.0.tar.gz",
      "templates-0.2.0.tar.gz",
      `file://${cwd}/templates-0.2.0.tar.gz`,
    ]) {
      const result = await runCli(["demo", "-n", "--json", "--template-source", source], cwd);
      expect(result.stderr).toBe("");
      expect(JSON.parse(result.stdout)).toMatchObject({ templateVersion: "0.2.0", templateRef: null });
    }
    const { exitCode } = await runCli(["demo", "--template-source", "./templates-0.2.0.tar.gz"], cwd);
    expect(exitCode).toBe(0);
    expect(await readText(join(cwd, "demo/TEMPLATE_VERSION"))).toBe("0.2.0\n");
    // Recorded relative to the project, so that add-model and upgrade find it from wherever the project moves with it.
    expect(JSON.parse(await readText(join(cwd, "demo/scaffold.json")))).toMatchObject({
      templateSource: "../templates-0.2.0.tar.gz",
    });
  }, 30_000);

  test("a local file that is no templates archive is refused in one line saying what to pass", async () => {
    const cwd = await freshCwd();
    await writeFile(join(cwd, "notes.txt"), "hello\n");
    await writeFile(join(cwd, "broken.tar.gz"), "hello\n");
    const text = await runCli(["demo", "-n", "--template-source", "./notes.txt"], cwd);
    expect(text.exitCode).toBe(1);
    expect(text.stderr).toBe(
      "error: Template source ./notes.txt is a file: pass a templates folder or a templates-<version>.tar.gz archive.\n",
    );
    const broken = await runCli(["demo", "-n", "--template-source", "./broken.tar.gz"], cwd);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain(`error: Could not read the templates archive ${join(cwd, "broken.tar.gz")} (`);
    expect(broken.stderr.trim().split("\n")).toHaveLength(1);
    expect((await readdir(cwd)).sort()).toEqual(["broken.tar.gz", "notes.txt"]);
  }, 30_000);

  test("a missing local folder is a clear error", async () => {
    const { exitCode, stderr } = await dryRun(["--template-source", "./nowhere"]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain("Template source ./nowhere does not exist");
  });
});
