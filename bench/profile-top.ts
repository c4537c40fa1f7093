/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`, `deno run --cpu-prof` or Chrome DevTools' .cpuprofile), by
 * self time, with the share of all samples:
 *
 *   npx bun bench/profile-top.ts <file.cpuprofile> [count, default 25] [--last <seconds>]
 *
 * `--last 6` counts only the samples of the 6 s before the last second of the profile: the steady load of a server
 * that was stopped a moment after its load generator, without its start-up (module loading, migrations) or shutdown.
 *
 * Frames are grouped by function and file (not by call path), and files are shown from their node_modules package or
 * project folder on, so the list reads as "what costs" across Hono, Drizzle, zod, the driver and the service's code.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `.../node_modules/drizzle-orm/sqlite-proxy/session.js` -> `drizzle-orm/sqlite-proxy/session.js`. */
function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const source = url.lastIndexOf("/src/");
  return source >= 0 ? url.slice(source + 1) : url.replace(/^file:\/\//, "");
}

function frameName({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const name = functionName || "(anonymous)";
  return url ? `${name} ${shortUrl(url)}:${lineNumber + 1}` : name;
}

const args = process.argv.slice(2);
const lastIndex = args.indexOf("--last");
const lastSeconds = lastIndex >= 0 ? Number(args.splice(lastIndex, 2)[1]) : undefined;
const [file, countText = "25"] = args;
if (!file || Number.isNaN(lastSeconds)) {
  console.error("usage: bun bench/profile-top.ts <file.cpuprofile> [count] [--last <seconds>]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Sample times in µs from the start; the window of --last ends one second before the last sample.
const times: number[] = [];
profile.timeDeltas.reduce((time, delta) => {
  times.push(time + delta);
  return time + delta;
}, 0);
const end = (times.at(-1) ?? 0) - 1e6;
const start = lastSeconds === undefined ? Number.NEGATIVE_INFINITY : end - lastSeconds * 1e6;
const selfUs = new Map<string, number>();
let totalUs = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const node = byId.get(id);
  const time = times[index] ?? 0;
  if (!node || (lastSeconds !== undefined && (time < start || time > end))) return;
  totalUs += delta;
  const name = frameName(node.callFrame);
  selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
});
const top = [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(countText));
console.log(`${(totalUs / 1e6).toFixed(2)} s sampled; top frames by self time:`);
for (const [name, us] of top) console.log(`${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${name}`);
