import type { BuildTarget } from "./targets.ts";

/** The Bun running this build (build.ts runs under Bun); `bun` from PATH otherwise. */
const bunExecutable = process.versions.bun ? process.execPath : "bun";

/**
 * `bun build --compile` of `entry` for one target. `--bytecode` alone compiles to CommonJS, which rejects top-level
 * `await`; `--format=esm` keeps ES module semantics. Cross-compiling makes Bun fetch that target's runtime from the
 * npm registry once (cached under ~/.bun/install/cache). `--splitting` puts each dynamically imported module (a
 * subcommand, giget, consola's prompts) in its own embedded chunk, loaded only when used: the builtins those import
 * (zlib, crypto, readline, tty…) would otherwise be loaded by every start-up, `--version` included (~10 ms).
 */
export async function compileBinary(entry: string, target: BuildTarget, outfile: string): Promise<void> {
  const command = [
    bunExecutable,
    "build",
    "--compile",
    "--splitting",
    "--minify",
    "--bytecode",
    "--format=esm",
    `--target=${target.bunTarget}`,
    entry,
    "--outfile",
    outfile,
  ];
  // Bun inlines process.env.NODE_ENV at build time: pin it, so the builder's environment (NODE_ENV=test under
  // `bun test`, which silences consola) never changes what the binary does.
  const env = { ...process.env, NODE_ENV: "production" };
  const child = Bun.spawn(command, { env, stdout: "pipe", stderr: "pipe" });
  const [status, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  if (status !== 0) throw new Error(`bun build for ${target.name} failed (exit ${status}):\n${stdout}${stderr}`);
}
