/**
 * Throughput of the generated `full` service against a bare Hono app on the same runtime, measured in one run.
 *
 *   npx bun bench/service.ts            (TEST_POSTGRES_URL adds the PostgreSQL rows; BENCH_SECONDS, BENCH_CONNECTIONS)
 *
 * For SQLite (and PostgreSQL when TEST_POSTGRES_URL is set) x Node, Bun, Deno it drives `GET /health` and
 * `GET /api/v1/users/:id` (valid token) with autocannon, and the same two routes of a bare Hono app answering the same
 * JSON without any middleware, then prints requests/s, p99 latency, the ratio to the bare app and errors/non-2xx.
 * Target: >= 60% of the bare app on /health, no error under load.
 */
import { rm, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { ContractClient } from "../test/e2e/generated/contract-client.ts";
import { type CommandResult, generateFullProject, npmInstall, runCommand } from "../test/support/generated-project.ts";
import { launchServer, RUNTIMES, type RunningService, type Runtime, startService } from "../test/support/runtimes.ts";
import { createPostgresDatabase, type ScratchDatabase } from "../test/support/server-databases.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USER_ID = 1;

/** The baseline: the same routes and JSON, no middleware at all; one file for all three runtimes. */
const BARE_APP = `import { Hono } from "hono";
const app = new Hono();
const user = { id: ${USER_ID}, email: "bench@example.com", created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" };
app.get("/health", (c) => c.json({ status: "ok" }));
app.get("/api/v1/users/:id", (c) => c.json({ status: "success", data: { ...user, id: Number(c.req.param("id")) } }));
const port = Number(process.env.PORT);
if (globalThis.Bun) Bun.serve({ port, hostname: "127.0.0.1", fetch: app.fetch });
else if (globalThis.Deno) Deno.serve({ port, hostname: "127.0.0.1", onListen() {} }, app.fetch);
else (await import("@hono/node-server")).serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
`;
const BARE_FILE = "bench-bare-hono.mjs";
const BARE_COMMANDS: Record<Runtime, [string, ...string[]]> = {
  node: ["node", BARE_FILE],
  bun: ["bun", BARE_FILE],
  deno: ["deno", "run", "-A", BARE_FILE],
};

interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function mustSucceed(what: string, result: CommandResult): void {
  if (result.code !== 0) throw new Error(`${what} failed (${result.code})\n${result.output.slice(-4_000)}`);
}

/** autocannon as a CLI under Node 24 (a process of its own, like any client), JSON result on stdout. */
async function load(url: string, token?: string): Promise<Load> {
  const args = ["-j", "-c", String(CONNECTIONS), "-d", String(SECONDS)];
  if (token) args.push("-H", `authorization=Bearer ${token}`);
  const result = await runCommand(join(import.meta.dir, "../node_modules/.bin/autocannon"), [...args, url], {
    cwd: import.meta.dir,
    timeoutMs: (SECONDS + 30) * 1000,
  });
  mustSucceed("autocannon", result);
  const json = JSON.parse(result.output.slice(result.output.indexOf("{")));
  return {
    rps: json.requests.average,
    p99: json.latency.p99,
    errors: json.errors + json.timeouts,
    non2xx: json.non2xx,
  };
}

/** Warms the server up (JIT, connection pools) for a short run before measuring. */
async function measure(url: string, token?: string): Promise<Load> {
  await runCommand(join(import.meta.dir, "../node_modules/.bin/autocannon"), ["-c", "10", "-d", "2", url], {
    cwd: import.meta.dir,
  });
  return load(url, token);
}

interface Row {
  runtime: Runtime;
  target: string;
  route: string;
  load: Load;
  bare: Load;
}

async function benchServer(server: RunningService, userPath: string, token?: string) {
  try {
    return { health: await measure(`${server.url}/health`), user: await measure(`${server.url}${userPath}`, token) };
  } finally {
    server.kill();
  }
}

async function main(): Promise<void> {
  const targets: { name: string; dir: string; databaseUrl: () => string; scratch?: ScratchDatabase }[] = [];
  const sqliteDir = await generateFullProject("sqlite");
  mustSucceed("npm install (sqlite)", await npmInstall(sqliteDir));
  targets.push({ name: "full/SQLite", dir: sqliteDir, databaseUrl: () => `file:${join(sqliteDir, "bench.db")}` });
  const postgresServer = process.env.TEST_POSTGRES_URL;
  if (postgresServer) {
    const dir = await generateFullProject("postgres");
    mustSucceed("npm install (postgres)", await npmInstall(dir));
    const scratch = await createPostgresDatabase(postgresServer, "bench_full");
    targets.push({ name: "full/PostgreSQL", dir, databaseUrl: () => scratch.url, scratch });
  } else {
    console.log("TEST_POSTGRES_URL is not set: PostgreSQL rows skipped");
  }
  await writeFile(join(sqliteDir, BARE_FILE), BARE_APP);

  const rows: Row[] = [];
  try {
    for (const runtime of RUNTIMES) {
      console.error(`${runtime}: bare Hono app`);
      const bare = await benchServer(
        await launchServer(sqliteDir, `bare ${runtime}`, BARE_COMMANDS[runtime], {}),
        `/api/v1/users/${USER_ID}`,
      );
      for (const target of targets) {
        console.error(`${runtime}: ${target.name}`);
        const env = { DATABASE_URL: target.databaseUrl(), JWT_SECRET: "b".repeat(48), APP_ENV: "production" };
        const service = await startService(target.dir, runtime, env);
        const session = await new ContractClient(service.url).newSession("bench");
        const measured = await benchServer(service, `/api/v1/users/${session.id}`, session.access);
        rows.push({ runtime, target: target.name, route: "GET /health", load: measured.health, bare: bare.health });
        rows.push({
          runtime,
          target: target.name,
          route: "GET /api/v1/users/:id",
          load: measured.user,
          bare: bare.user,
        });
      }
      rows.push({ runtime, target: "bare Hono", route: "GET /health", load: bare.health, bare: bare.health });
      rows.push({ runtime, target: "bare Hono", route: "GET /api/v1/users/:id", load: bare.user, bare: bare.user });
    }
  } finally {
    for (const target of targets) {
      await target.scratch?.drop();
      await rm(dirname(target.dir), { recursive: true, force: true });
    }
  }

  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per row after a 2 s warm-up; load average ${loadAverage}\n`,
  );
  console.log("| runtime | target | route | req/s | p99 ms | vs bare | errors | non-2xx |");
  console.log("|---|---|---|---:|---:|---:|---:|---:|");
  for (const { runtime, target, route, load: l, bare } of rows) {
    const ratio = `${((100 * l.rps) / bare.rps).toFixed(0)}%`;
    console.log(
      `| ${runtime} | ${target} | ${route} | ${Math.round(l.rps)} | ${l.p99} | ${ratio} | ${l.errors} | ${l.non2xx} |`,
    );
  }
  const misses = rows.filter(
    (row) =>
      row.target !== "bare Hono" &&
      ((row.route === "GET /health" && row.load.rps < 0.6 * row.bare.rps) || row.load.errors + row.load.non2xx > 0),
  );
  console.log(
    misses.length === 0
      ? "\ntarget met: >= 60% of bare on /health, no error or non-2xx under load"
      : `\ntarget missed on: ${misses.map((row) => `${row.runtime} ${row.target} ${row.route}`).join("; ")}`,
  );
}

await main();
