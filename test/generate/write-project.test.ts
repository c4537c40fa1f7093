import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlannedFile } from "../../src/generate/plan.ts";
import { backupPath, directoriesOf, inspectTarget, writeProject } from "../../src/generate/write-project.ts";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "scaffold-write-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const file = (path: string, contents = path, mode = 0o644): PlannedFile => ({ path, contents, mode, layers: ["base"] });

test("directoriesOf lists every folder the files need, parents first", () => {
  expect(directoriesOf([file("a/b/c.ts"), file("a/d.ts"), file("e.ts"), file("f/g.ts")])).toEqual(["a", "a/b", "f"]);
});

test("backupPath stamps the UTC time", () => {
  expect(backupPath("/x/demo", new Date("2026-01-21T10:15:00.123Z"))).toBe("/x/demo.backup-20260121T101500");
});

describe("writeProject", () => {
  test("writes contents and modes, runs prepare in the staging folder, leaves nothing else", async () => {
    const target = join(work, "one");
    let preparedIn = "";
    await writeProject([file("bin/run.sh", "#!/bin/sh\n", 0o755), file("README.md")], target, {
      force: false,
      prepare: async (dir) => {
        preparedIn = dir;
        await writeFile(join(dir, "extra"), "post step");
      },
    });
    expect(preparedIn).toContain(".one.scaffold-");
    expect(await readFile(join(target, "bin/run.sh"), "utf8")).toBe("#!/bin/sh\n");
    expect((await stat(join(target, "bin/run.sh"))).mode & 0o777).toBe(0o755);
    expect(await readFile(join(target, "extra"), "utf8")).toBe("post step");
    expect((await readdir(work)).filter((e) => e.includes("one"))).toEqual(["one"]);
  });

  test("a failing post step removes the staging folder and writes nothing", async () => {
    const target = join(work, "two");
    const failing = writeProject([file("a.txt")], target, {
      force: false,
      prepare: async () => {
        throw new Error("disk full");
      },
    });
    await expect(failing).rejects.toThrow("Could not write");
    expect(inspectTarget(target)).toBe("missing");
    expect((await readdir(work)).filter((e) => e.includes("two"))).toEqual([]);
  });

  test("refuses paths that would leave the project", async () => {
    for (const path of ["../evil", "/etc/evil", "a/../../evil", "a//b", "./a", "a/", "", "C:/evil", "a\\..\\evil"]) {
      await expect(writeProject([file(path)], join(work, "three"), { force: false })).rejects.toThrow("unsafe path");
    }
    expect(inspectTarget(join(work, "three"))).toBe("missing");
  });

  test("a non-empty target needs force; force moves it aside", async () => {
    const target = join(work, "four");
    await mkdir(target);
    await writeFile(join(target, "mine"), "keep");
    expect(inspectTarget(target)).toBe("not-empty");
    await expect(writeProject([file("a.txt")], target, { force: false })).rejects.toThrow(
      "already exists and is not empty",
    );
    const now = new Date("2026-02-03T04:05:06Z");
    const { backup } = await writeProject([file("a.txt")], target, { force: true, now });
    expect(backup).toBe(`${target}.backup-20260203T040506`);
    expect(await readFile(join(backup ?? "", "mine"), "utf8")).toBe("keep");
    expect(await readdir(target)).toEqual(["a.txt"]);
  });
});
