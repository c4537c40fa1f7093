/** `npm run build [-- --target linux-x64]`: release files into dist/ (see docs/install.md). Runs under Bun. */
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { BUILD_USAGE, parseBuildArgs } from "./src/build/build-args.ts";
import { buildDist } from "./src/build/build-dist.ts";

const root = import.meta.dirname;

async function main(): Promise<void> {
  let args: ReturnType<typeof parseBuildArgs>;
  try {
    args = parseBuildArgs(process.argv.slice(2), root);
  } catch (error) {
    console.error(`build: ${(error as Error).message}\n${BUILD_USAGE}`);
    process.exit(2);
  }
  const { version } = JSON.parse(await readFile(`${root}/package.json`, "utf8")) as { version: string };
  const files = await buildDist({ root, version, ...args, log: (line) => console.log(line) });
  console.log(`built scaffold ${version} into ${relative(process.cwd(), args.outDir) || "."}:`);
  for (const file of files) console.log(`  ${file}`);
}

await main();
