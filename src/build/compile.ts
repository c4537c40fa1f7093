import { embedBiomeWasm } from "./embed-biome-wasm.ts";
import type { BuildTarget } from "./targets.ts";

/**
 * `bun build --compile` of `entry` for one target, through Bun.build for the plugin that embeds Biome's WebAssembly.
 * `bytecode` alone compiles to CommonJS, which rejects top-level `await`; `format: "esm"` keeps ES module semantics. Cross-compiling makes Bun fetch that target's runtime from the
 * npm registry once (cached under ~/.bun/install/cache). `splitting` puts each dynamically imported module (a
 * subcommand, giget, consola's prompts) in its own embedded chunk, loaded only when used: the builtins those import
 * (zlib, crypto, readline, tty…) would otherwise be loaded by every start-up, `--version` included (~10 ms).
 */
export async function compileBinary(entry: string, target: BuildTarget, outfile: string): Promise<void> {
  const result = await Bun.build({
    entrypoints: [entry],
    compile: { target: target.bunTarget as Bun.Build.CompileTarget, outfile },
    splitting: true,
    minify: true,
    bytecode: true,
    format: "esm",
    // Bun inlines process.env.NODE_ENV at build time: pin it, so the builder's environment (NODE_ENV=test under
    // `bun test`, which silences consola) never changes what the binary does.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: [embedBiomeWasm],
    throw: false,
  });
  if (!result.success) {
    throw new Error(`bun build for ${target.name} failed:\n${result.logs.map((log) => String(log)).join("\n")}`);
  }
}
