import { readFileSync } from "node:fs";
import { collectDefaultMetrics, type Registry } from "prom-client";

const EVENT_LOOP_LAG = ["", "_min", "_max", "_mean", "_stddev", "_p50", "_p90", "_p99"].map(
  (stat) => `nodejs_eventloop_lag${stat}_seconds`,
);

/**
 * prom-client's default metrics that are not true on Bun or Deno (checked on Bun 1.4 and Deno 2.9), left out there:
 * both claim a Node.js version (`nodejs_version_info` says v26 on either), have no active handles, requests or
 * resources to count (always 0), never emit GC performance entries (the GC histogram never samples), and their
 * event-loop delay monitor does not sample Node's loop. The process_* metrics (/proc, cpuUsage) and the heap totals
 * are true everywhere.
 */
const NODE_ONLY = [
  "nodejs_version_info",
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_requests",
  "nodejs_active_requests_total",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
  "nodejs_gc_duration_seconds",
  ...EVENT_LOOP_LAG,
];
/** Bun's JavaScriptCore has no V8 heap spaces: all but one would report 0. */
const V8_ONLY = [
  "nodejs_heap_space_size_total_bytes",
  "nodejs_heap_space_size_used_bytes",
  "nodejs_heap_space_size_available_bytes",
];

/**
 * On Linux these come from /proc/self, which Deno lets a program read only with --allow-all (`npm run start:deno`
 * grants less): unreadable, prom-client would report 0 (and no file-descriptor limit).
 */
const FROM_PROC = [
  "process_resident_memory_bytes",
  "process_virtual_memory_bytes",
  "process_heap_bytes",
  "process_open_fds",
  "process_max_fds",
];

function procReadable(): boolean {
  if (process.platform !== "linux") return true;
  try {
    readFileSync("/proc/self/status");
    return true;
  } catch {
    return false;
  }
}

/** The process and runtime metrics that are true on the runtime serving (all of prom-client's on Node.js). */
export function registerDefaultMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  const runtimeUntrue = "Bun" in globalThis ? [...NODE_ONLY, ...V8_ONLY] : "Deno" in globalThis ? NODE_ONLY : [];
  for (const name of [...runtimeUntrue, ...(procReadable() ? [] : FROM_PROC)]) registry.removeSingleMetric(name);
}
