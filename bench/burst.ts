/**
 * A burst of sign-ups on one instance of the generated `full` service, with the templates of a baseline ref beside
 * this tree's, measured in the same run (issue 39):
 *
 *   npx bun bench/burst.ts       (npm run bench:burst)
 *
 * Per runtime and variant: a fresh database, one service with its default settings (rate limits lifted), BENCH_SIGNUPS
 * concurrent `POST /api/v1/auth/register` while a readiness probe and a reader of `GET /api/v1/users/:id` ask again
 * 100 ms and 20 ms after each answer. Printed: the burst's 5xx (and unanswered) count, readiness answers other than
 * 200 and their p99, users/:id p99 during the burst, and sign-ups/s (the burst's count over its wall time). Targets:
 * 0 5xx, readiness 200 always with p99 <= 250 ms, users/:id p99 <= 250 ms.
 *
 * Variables: BENCH_DATABASE (`postgres`, the default, needs TEST_POSTGRES_URL; `mysql`, needs TEST_MYSQL_URL;
 * `sqlite`), BENCH_RUNTIMES (default `node,bun,deno`), BENCH_SIGNUPS (default 100), BENCH_BASELINE_REF (default
 * 9ba464a, the templates before the pool wait got its own bound; empty: no baseline). The machines are shared: a busy neighbour moves every figure here.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Database } from "../src/generate/template-tree.ts";
import { type BurstResult, percentile, signUpBurst } from "../test/e2e/generated/signup-burst.ts";
import { mysqlUrl, postgresUrl } from "../test/support/env.ts";
import {
  expectSuccess,
  generateProject,
  npmInstall,
  repoBin,
  repoRoot,
  runCommand,
} from "../test/support/generated-project.ts";
import { RUNTIMES, type Runtime, startService } from "../test/support/runtimes.ts";
import { createMysqlDatabase, createPostgresDatabase } from "../test/support/server-databases.ts";

const DATABASE = (process.env.BENCH_DATABASE ?? "postgres") as Database;
const SELECTED = (process.env.BENCH_RUNTIMES ?? RUNTIMES.join(",")).split(",") as Runtime[];
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 100);
const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? "9ba464a";
const SECRET = "a-random-production-secret-of-32-bytes-or-more";

/** A fresh database for one service: its URL and how to remove it. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (DATABASE === "postgres") {
    if (!postgresUrl) throw new Error("BENCH_DATABASE=postgres needs TEST_POSTGRES_URL");
    return createPostgresDatabase(postgresUrl, "bench_burst");
  }
  if (DATABASE === "mysql") {
    if (!mysqlUrl) throw new Error("BENCH_DATABASE=mysql needs TEST_MYSQL_URL");
    return createMysqlDatabase(mysqlUrl, "bench_burst");
  }
  const dir = await mkdtemp(join(tmpdir(), "bench-burst-sqlite-"));
  return { url: `file:${join(dir, "app.db")}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

/** A `full` project generated from the templates of `ref` (git archive), installed. */
async function baselineProject(ref: string): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "bench-burst-baseline-"));
  const archive = await runCommand(
    "sh",
    ["-c", `git -C "${repoRoot}" archive "${ref}" templates | tar -x -C "${parent}"`],
    {
      cwd: parent,
    },
  );
  if (archive.code !== 0) throw new Error(`git archive ${ref} failed:\n${archive.output}`);
  const args = [join(repoRoot, "src", "cli.ts"), "new", "baseline", "-t", "full", "-d", DATABASE];
  const made = await runCommand(join(repoBin, "bun"), [...args, "--template-source", join(parent, "templates")], {
    cwd: parent,
    timeoutMs: 60_000,
  });
  if (made.code !== 0) throw new Error(`scaffold new from ${ref} failed:\n${made.output}`);
  const dir = join(parent, "baseline");
  expectSuccess("npm install", await npmInstall(dir));
  return dir;
}

async function measure(dir: string, runtime: Runtime): Promise<BurstResult> {
  const database = await freshDatabase();
  const service = await startService(dir, runtime, {
    APP_ENV: "production",
    JWT_SECRET: SECRET,
    LOG_LEVEL: "warn",
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT_PER_ADDRESS: "100000",
  });
  try {
    return await signUpBurst(service.url, SIGNUPS);
  } finally {
    service.kill();
    await database.drop();
  }
}

function row(label: string, { signups, wallMs, readiness, userReads }: BurstResult): string {
  const errors = signups.filter((s) => s.status >= 500 || s.status === 0).length;
  const notReady = readiness.filter((r) => r.status !== 200).length;
  const p99 = (values: number[]) => `${Math.round(percentile(values, 99))} ms`;
  return [
    label.padEnd(22),
    String(errors).padStart(5),
    `${notReady}/${readiness.length}`.padStart(9),
    p99(readiness.map((r) => r.ms)).padStart(14),
    p99(userReads.map((r) => r.ms)).padStart(14),
    (signups.length / (wallMs / 1_000)).toFixed(1).padStart(10),
  ].join("  ");
}

const variants: Array<{ label: string; dir: string }> = [];
if (BASELINE_REF) variants.push({ label: `baseline (${BASELINE_REF})`, dir: await baselineProject(BASELINE_REF) });
const current = await generateProject("full", DATABASE);
expectSuccess("npm install", await npmInstall(current));
variants.push({ label: "this tree", dir: current });

console.log(`${SIGNUPS} concurrent sign-ups, one instance, default settings, ${DATABASE}`);
console.log(
  `${"".padEnd(22)}  ${"5xx".padStart(5)}  ${"not 200".padStart(9)}  ${"readiness p99".padStart(14)}  ${"users/:id p99".padStart(14)}  ${"sign-ups/s".padStart(10)}`,
);
try {
  for (const runtime of SELECTED) {
    for (const { label, dir } of variants) console.log(row(`${runtime} ${label}`, await measure(dir, runtime)));
  }
} finally {
  for (const { dir } of variants) await rm(dirname(dir), { recursive: true, force: true });
}
