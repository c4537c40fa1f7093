#!/usr/bin/env node
// npm's `bin` entry for a clone (`npm install && npm link`). The CLI is TypeScript: a Node.js that strips types
// (22.18+, 23.6+) imports src/cli.ts directly; an older Node.js (no type stripping) runs it with the Bun that
// `npm install` put in this package's own node_modules. Plain JavaScript, so that any Node.js can start it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "src", "cli.ts");

function runWithBun() {
  const bun = join(root, "node_modules", "bun", "bin", "bun.exe");
  if (!existsSync(bun)) {
    console.error(
      `scaffold: Node.js ${process.versions.node} cannot run TypeScript and Bun is missing: run \`npm install\` in ${root}, or use Node.js 22.18 or newer.`,
    );
    process.exit(1);
  }
  const result = spawnSync(bun, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
  if (result.signal) process.kill(process.pid, result.signal);
  process.exit(result.status ?? 1);
}

if (process.features?.typescript) {
  try {
    await import(pathToFileURL(cli).href);
  } catch (error) {
    // Node.js refuses to strip types under node_modules (a global `npm install -g` puts the package there).
    if (error?.code !== "ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING") throw error;
    runWithBun();
  }
} else {
  runWithBun();
}
