import { chmod, copyFile, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repoRoot = join(import.meta.dirname, "../..");

export const FIXTURE_MANIFEST = {
  formatVersion: 1,
  version: "9.8.7",
  available: { template: ["full"], database: ["postgres"], observability: ["none"] },
  layers: [{ dir: "base" }],
};

/**
 * A tiny repository for build tests: a valid template tree (with an executable setup.sh), the real install.sh, and
 * a stand-in CLI (ES module, top-level await) that prints what the binary sees on `globalThis.__SCAFFOLD_TEMPLATES__`
 * and its arguments.
 */
export async function makeFixtureRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "scaffold-build-"));
  await mkdir(join(root, "templates/layers/base"), { recursive: true });
  await mkdir(join(root, "src"));
  await writeFile(join(root, "templates/manifest.json"), JSON.stringify(FIXTURE_MANIFEST));
  await writeFile(join(root, "templates/layers/base/README.md"), "# __PROJECT_NAME__ – ünïcode\n");
  await writeFile(join(root, "templates/layers/base/setup.sh"), "#!/bin/sh\necho setup\n");
  await chmod(join(root, "templates/layers/base/setup.sh"), 0o755);
  await writeFile(
    join(root, "src/cli.ts"),
    // A top-level await, as an ES module CLI may have: the binary must keep ES module semantics.
    "const argv = await Promise.resolve(process.argv.slice(2));\n" +
      "console.log(JSON.stringify({ templates: (globalThis as any).__SCAFFOLD_TEMPLATES__, argv }));\n",
  );
  await copyFile(join(repoRoot, "install.sh"), join(root, "install.sh"));
  return root;
}
