// Runs a TypeScript entry point for `npm start`, `npm run dev` and `npm run apidocs`:
//   node scripts/run-ts.mjs [--watch] <entry.ts> [arguments...]
// On a Node.js that meets package.json's `engines` floor it becomes `node --experimental-strip-types <entry.ts>`
// (the same process where Node.js can exec, so signals and the exit code are the service's own). On an older
// Node.js it runs the entry on the Bun that `npm install` put in node_modules, after one line saying so.
// Plain JavaScript, so that any Node.js can read it.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const watch = process.argv[2] === "--watch";
const [entry, ...rest] = process.argv.slice(watch ? 3 : 2);

/** ">=22.13" -> [22, 13, 0]; null when package.json declares no such floor. */
function enginesFloor() {
  const range = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines?.node ?? "";
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  return match ? match.slice(1).map((part) => Number(part ?? 0)) : null;
}

function atLeast(version, floor) {
  const parts = version.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (parts[i] !== floor[i]) return parts[i] > floor[i];
  return true;
}

/** Runs `command` as a child: forwards the signals a service stops on, and ends the way the child ended. */
function runChild(command, args) {
  const child = spawn(command, args, { stdio: "inherit" });
  // SIGINT from a terminal reaches the whole process group, the child included; forwarding it would be a second one.
  process.on("SIGINT", () => {});
  for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => {
    console.error(`${command}: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}

const floor = enginesFloor();
if (floor === null || atLeast(process.versions.node, floor)) {
  const args = [
    ...(watch ? ["--watch"] : []),
    "--experimental-strip-types",
    "--disable-warning=ExperimentalWarning",
    entry,
    ...rest,
  ];
  // process.execve (Node.js 22.15+, not on Windows) replaces this process: nothing stays in between.
  if (typeof process.execve === "function" && process.platform !== "win32") {
    process.execve(process.execPath, [process.execPath, ...args], process.env);
  }
  runChild(process.execPath, args);
} else {
  const needed = `Node.js ${floor.join(".").replace(/(\.0)+$/, "")} or newer`;
  const bun = join(root, "node_modules", "bun", "bin", "bun.exe");
  if (!existsSync(bun)) {
    console.error(
      `This project needs ${needed} (this is ${process.versions.node}): install it, or run \`npm install\` and then \`npm run ${process.env.npm_lifecycle_event ?? "start"}\` again to use the Bun it brings.`,
    );
    process.exit(1);
  }
  console.error(
    `Node.js ${process.versions.node} is older than this project needs (${needed}): running ${entry} on Bun.`,
  );
  runChild(bun, [...(watch ? ["--watch"] : []), entry, ...rest]);
}
