import { NODE_FLOOR } from "./node-floor.ts";
import { atLeast, type Runner } from "./probe.ts";

export type Status = "ok" | "warn" | "fail";

/** One line of the report: `[OK] node 24.1.0`, or a warning or failure that says how to fix it. */
export interface CheckResult {
  status: Status;
  text: string;
}

const RUNTIMES = [
  { tool: "node", name: "Node.js", minimum: NODE_FLOOR, url: "https://nodejs.org" },
  { tool: "bun", name: "Bun", minimum: "1.2", url: "https://bun.sh" },
  { tool: "deno", name: "Deno", minimum: "2", url: "https://deno.com" },
] as const;

/**
 * A Node.js below the projects' floor still runs them when npm is there: `npm install` brings Bun as a dev
 * dependency, and the projects' scripts/run-ts.mjs (behind `npm start`, `npm run dev`, `npm run apidocs`) runs the
 * entry on it by itself. Without npm that route is closed too.
 */
async function oldNode(run: Runner, version: string): Promise<{ usable: boolean; result: CheckResult }> {
  const older = `node ${version} is older than ${NODE_FLOOR}, the generated projects' floor`;
  const upgrade = `install Node.js ${NODE_FLOOR} or newer`;
  if ((await run("npm", ["--version"]))?.ok) {
    const text = `${older}: their \`npm start\`, \`npm run dev\` and \`npm run apidocs\` run on the Bun that \`npm install\` brings instead; ${upgrade} to run them on Node.js (https://nodejs.org)`;
    return { usable: true, result: { status: "warn", text } };
  }
  return {
    usable: false,
    result: { status: "warn", text: `${older}, and npm is missing: ${upgrade} (https://nodejs.org)` },
  };
}

/** Required: at least one way to run the projects; each runtime found is reported with its version. */
export async function checkRuntimes(run: Runner): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let usable = 0;
  for (const { tool, name, minimum, url } of RUNTIMES) {
    const probe = await run(tool, ["--version"]);
    if (!probe) continue;
    if (probe.ok && probe.version && atLeast(probe.version, minimum)) {
      usable++;
      results.push({ status: "ok", text: `${tool} ${probe.version}` });
    } else if (tool === "node" && probe.ok && probe.version) {
      const node = await oldNode(run, probe.version);
      if (node.usable) usable++;
      results.push(node.result);
    } else {
      results.push({
        status: "warn",
        text: `${tool} ${probe.version ?? "(unknown version)"} is too old: generated projects need ${name} ${minimum} or newer (${url})`,
      });
    }
  }
  if (usable === 0) {
    results.push({
      status: "fail",
      text: `No usable JavaScript runtime: install Node.js ${NODE_FLOOR} or newer (https://nodejs.org), Bun 1.2+ or Deno 2+`,
    });
  }
  return results;
}

/** Recommended: generated projects start with a git repository and an initial commit. */
export async function checkGit(run: Runner): Promise<CheckResult[]> {
  const probe = await run("git", ["--version"]);
  if (probe?.ok) return [{ status: "ok", text: `git ${probe.version ?? ""}`.trim() }];
  return [
    { status: "warn", text: "git not found (recommended): install git (https://git-scm.com) to get an initial commit" },
  ];
}

/** Optional: docker or podman, binary present and daemon reachable, for the generated compose files. */
export async function checkContainers(run: Runner): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const tool of ["docker", "podman"]) {
    const probe = await run(tool, ["--version"]);
    if (!probe) continue;
    const daemon = await run(tool, ["info"]);
    results.push(
      daemon?.ok
        ? { status: "ok", text: `${tool} ${probe.version ?? ""} (daemon running)`.replace("  ", " ") }
        : {
            status: "warn",
            text: `${tool} ${probe.version ?? ""} is installed but its daemon is not running (optional): start it, e.g. \`sudo systemctl start ${tool}\``.replace(
              "  ",
              " ",
            ),
          },
    );
  }
  if (results.length === 0) {
    results.push({
      status: "warn",
      text: "No container runtime (optional): install Docker (https://docs.docker.com/get-docker/) or Podman to run the database with compose",
    });
  }
  return results;
}

export const CHECKS = [checkRuntimes, checkGit, checkContainers];

/** Every check's lines, in order. */
export async function runChecks(run: Runner): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of CHECKS) results.push(...(await check(run)));
  return results;
}
