import { describe, expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseTarGzip } from "nanotar";
import { packTemplateArchive } from "../../src/build/template-archive.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";

async function makeTemplates(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "scaffold-archive-"));
  await mkdir(join(dir, "layers/base/scripts"), { recursive: true });
  await mkdir(join(dir, "layers/full/src"), { recursive: true });
  await writeFile(join(dir, "manifest.json"), '{"formatVersion":1}\n');
  await writeFile(join(dir, "layers/base/scripts/setup.sh"), "#!/bin/sh\necho ok\n");
  await chmod(join(dir, "layers/base/scripts/setup.sh"), 0o755);
  await writeFile(join(dir, "layers/full/src/app.ts"), "export const app = 1;\n");
  await writeFile(join(dir, "layers/full/.env.example"), "");
  return dir;
}

describe("packTemplateArchive", () => {
  test("holds every file under one top-level templates/ folder, sorted, with modes kept", async () => {
    const dir = await makeTemplates();
    const items = await parseTarGzip(await packTemplateArchive(dir));
    expect(items.map((item) => item.name)).toEqual([
      "templates/layers/base/scripts/setup.sh",
      "templates/layers/full/.env.example",
      "templates/layers/full/src/app.ts",
      "templates/manifest.json",
    ]);
    const byName = Object.fromEntries(items.map((item) => [item.name, item]));
    const mode = (name: string) => Number.parseInt(byName[name]?.attrs?.mode ?? "", 8);
    expect(mode("templates/layers/base/scripts/setup.sh")).toBe(0o755);
    expect(mode("templates/layers/full/src/app.ts")).toBe(0o644);
    expect(byName["templates/layers/full/src/app.ts"]?.text).toBe("export const app = 1;\n");
    expect(byName["templates/layers/full/.env.example"]?.size).toBe(0);
    await rm(dir, { recursive: true });
  });

  test("is byte-for-byte reproducible whatever the files' timestamps", async () => {
    const dir = await makeTemplates();
    const first = await packTemplateArchive(dir);
    await utimes(join(dir, "manifest.json"), new Date(), new Date(Date.now() + 60_000));
    expect(Buffer.from(await packTemplateArchive(dir)).equals(Buffer.from(first))).toBe(true);
    await rm(dir, { recursive: true });
  });

  test("extracts with the system tar, setup.sh executable", async () => {
    const dir = await makeTemplates();
    const out = await mkdtemp(join(tmpdir(), "scaffold-extract-"));
    await writeFile(join(out, "t.tar.gz"), await packTemplateArchive(dir));
    const tar = Bun.spawnSync(["tar", "-xzf", "t.tar.gz"], { cwd: out, stderr: "pipe" });
    expect(tar.stderr.toString()).toBe("");
    expect(tar.exitCode).toBe(0);
    expect((await stat(join(out, "templates/layers/base/scripts/setup.sh"))).mode & 0o777).toBe(0o755);
    expect(await readFile(join(out, "templates/manifest.json"), "utf8")).toBe('{"formatVersion":1}\n');
    await rm(dir, { recursive: true });
    await rm(out, { recursive: true });
  });

  test("packs the repository's own templates/ with every file and mode", async () => {
    const templates = join(import.meta.dirname, "../../templates");
    const items = await parseTarGzip(await packTemplateArchive(templates));
    const tree = await loadTemplateDir(templates);
    expect(items.map((item) => item.name.slice("templates/".length)).sort()).toEqual(Object.keys(tree.files).sort());
    for (const item of items) {
      const file = tree.files[item.name.slice("templates/".length)];
      expect([item.name, Number.parseInt(item.attrs?.mode ?? "", 8)]).toEqual([item.name, file?.mode ?? -1]);
      expect(item.text).toBe(file?.contents ?? "");
    }
  });

  test("refuses a path the ustar name field cannot hold instead of truncating it", async () => {
    const dir = await makeTemplates();
    const deep = join(dir, "layers", "x".repeat(60));
    await mkdir(deep);
    await writeFile(join(deep, `${"y".repeat(30)}.ts`), "");
    await expect(packTemplateArchive(dir)).rejects.toThrow("template path too long");
    await rm(dir, { recursive: true });
  });
});
