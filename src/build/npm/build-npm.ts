import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cliManifest, crudManifest, type PackageManifest, type RootManifest } from "./manifests.ts";
import { cliReadme, crudReadme } from "./readmes.ts";
import { run } from "./run.ts";
import { stageCli } from "./stage-cli.ts";
import { stageCrud } from "./stage-crud.ts";

async function writePackageFiles(dir: string, manifest: PackageManifest, readme: string): Promise<void> {
  await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(dir, "README.md"), readme);
}

/**
 * `npm run build:npm`: stages both packages in `<outDir>/crud` and `<outDir>/cli` and packs each with `npm pack`, so
 * `outDir` holds exactly what `npm publish` uploads. Returns the tarballs' paths.
 */
export async function buildNpmPackages(root: string, outDir: string): Promise<{ crud: string; cli: string }> {
  const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as RootManifest;
  await rm(outDir, { recursive: true, force: true });
  const crudDir = join(outDir, "crud");
  const cliDir = join(outDir, "cli");
  await stageCrud(root, crudDir);
  await writePackageFiles(crudDir, crudManifest(manifest), crudReadme(manifest.version));
  await stageCli(root, cliDir);
  await writePackageFiles(cliDir, cliManifest(manifest), cliReadme(manifest.version));
  const pack = async (dir: string) => {
    const output = await run(["npm", "pack", "--json", "--pack-destination", outDir], dir);
    const [{ filename }] = JSON.parse(output) as [{ filename: string }];
    return join(outDir, filename);
  };
  return { crud: await pack(crudDir), cli: await pack(cliDir) };
}
