import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { cliManifest, crudManifest, type PackageManifest, type RootManifest } from "./manifests.ts";
import { cliReadme, crudReadme } from "./readmes.ts";
import { run } from "./run.ts";
import { stageCli } from "./stage-cli.ts";
import { stageCrud } from "./stage-crud.ts";

async function writePackageFiles(dir: string, manifest: PackageManifest, readme: string): Promise<void> {
  await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(dir, "README.md"), readme);
}

/** Replaces `outDir` with `built`; another build finishing at the same moment may win the rename, then this retries. */
async function replaceDir(built: string, outDir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rm(outDir, { recursive: true, force: true });
    try {
      await rename(built, outDir);
      return;
    } catch (error) {
      if (attempt === 3 || (error as NodeJS.ErrnoException).code !== "ENOTEMPTY") throw error;
    }
  }
}

/**
 * `npm run build:npm`: stages both packages in `<outDir>/crud` and `<outDir>/cli` and packs each with `npm pack`, so
 * `outDir` holds exactly what `npm publish` uploads. Returns the tarballs' paths. Everything is built in a folder of
 * its own first, so a build running at the same time (two test processes) never sees half of another's output.
 */
export async function buildNpmPackages(root: string, outDir: string): Promise<{ crud: string; cli: string }> {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as RootManifest;
  const building = `${outDir}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  const crudDir = join(building, "crud");
  const cliDir = join(building, "cli");
  await stageCrud(root, crudDir);
  await writePackageFiles(crudDir, crudManifest(manifest), crudReadme(manifest.version));
  await stageCli(root, cliDir);
  await writePackageFiles(cliDir, cliManifest(manifest), cliReadme(manifest.version));
  const pack = async (dir: string) => {
    const output = await run(["npm", "pack", "--json", "--pack-destination", building], dir);
    const [{ filename }] = JSON.parse(output) as [{ filename: string }];
    return join(outDir, basename(filename));
  };
  const tarballs = { crud: await pack(crudDir), cli: await pack(cliDir) };
  await replaceDir(building, outDir);
  return tarballs;
}
