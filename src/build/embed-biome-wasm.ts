import type { BunPlugin } from "bun";

/** The line of Biome's wasm-bindgen glue (@biomejs/wasm-nodejs) that finds its WebAssembly beside itself on disk. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the glue's template literal, as text to find in it.
const WASM_PATH = "const wasmPath = `${__dirname}/biome_wasm_bg.wasm`;";

/**
 * Embeds Biome's WebAssembly (the formatter of src/generate/biome-format.ts) in a compiled binary. The glue reads
 * `${__dirname}/biome_wasm_bg.wasm`, and Bun bakes `__dirname` in as the build machine's folder: the binary would
 * find the file only where it was built. Requiring the file instead makes Bun embed it (its `file` loader) and
 * answer its path inside the binary, which `readFileSync` reads.
 */
export const embedBiomeWasm: BunPlugin = {
  name: "embed-biome-wasm",
  setup(build) {
    build.onLoad({ filter: /[\\/]@biomejs[\\/]wasm-nodejs[\\/]biome_wasm\.js$/ }, async ({ path }) => {
      const glue = await Bun.file(path).text();
      if (!glue.includes(WASM_PATH)) {
        throw new Error(
          `${path} no longer finds its WebAssembly as ${WASM_PATH}: update src/build/embed-biome-wasm.ts`,
        );
      }
      return { contents: glue.replace(WASM_PATH, 'const wasmPath = require("./biome_wasm_bg.wasm");'), loader: "js" };
    });
  },
};
