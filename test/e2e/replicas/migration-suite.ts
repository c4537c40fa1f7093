import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../../../src/generate/template-tree.ts";
import { expectSuccess, npmRun } from "../../support/generated-project.ts";
import { http } from "../../support/http.ts";
import { type RunningService, type Runtime, startService } from "../../support/runtimes.ts";
import { installedFullProject } from "../generated/installed-project.ts";
import type { FreshDatabase } from "./database-backends.ts";

const SECRET = "a-random-production-secret-of-32-bytes-or-more";
/** Instances started together on one empty database, as a scale-up or the first deploy of a Deployment does. */
const REPLICAS = 4;
/** It is a race: several rounds on Node.js, each on a new database, and one on each other runtime. */
const ROUNDS: Runtime[] = ["node", "node", "node", "node", "node", "bun", "deno"];
/** Four runtimes loading the service at once on a shared two-core machine take a while. */
const BOOT_TIMEOUT_MS = 120_000;

const serviceEnv = (url: string, extra: Record<string, string> = {}) => ({
  APP_ENV: "production",
  JWT_SECRET: SECRET,
  DATABASE_URL: url,
  ...extra,
});

/** Migrations the project carries (Drizzle's journal): what a migrated database has applied, once each. */
const migrationCount = (dir: string): number =>
  (JSON.parse(readFileSync(join(dir, "drizzle", "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
    .length;

/** Starts `count` instances at the same moment; every one that could not become ready is reported with its output. */
async function startTogether(dir: string, runtime: Runtime, env: Record<string, string>, count: number) {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startService(dir, runtime, env, BOOT_TIMEOUT_MS)),
  );
  const services = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failures = started.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
  return { services, failures };
}

async function stopAll(services: RunningService[]): Promise<Array<number | null>> {
  return Promise.all(services.map(async (service) => (await service.stop("SIGTERM", 20_000)).code));
}

/**
 * Migrations safe for any number of replicas (issue 31, item 1): instances started together on an empty database
 * all become ready, each migration applied once; `npm run db:migrate` migrates once for deployments that turn the
 * start-up migration off with MIGRATE_ON_START=false.
 */
export function describeReplicaMigrations(database: Database, fresh: (projectDir: string) => FreshDatabase): void {
  describe(`${database}: migrations with several replicas`, () => {
    const project = installedFullProject(database, "none");
    const databases: FreshDatabase[] = [];
    const running: RunningService[] = [];
    const freshDatabase = () => {
      const created = fresh(project());
      databases.push(created);
      return created;
    };
    afterAll(async () => {
      for (const service of running) service.kill();
      for (const created of databases) await created.drop();
    }, 60_000);

    ROUNDS.forEach((runtime, round) => {
      test(`round ${round + 1}: ${REPLICAS} instances on ${runtime} started together on an empty database all become ready`, async () => {
        const target = freshDatabase();
        const { services, failures } = await startTogether(project(), runtime, serviceEnv(target.url), REPLICAS);
        running.push(...services);
        expect(failures).toEqual([]);
        for (const service of services) {
          expect((await http(service.url, "GET", "/health/readiness")).status).toBe(200);
        }
        expect(await target.appliedMigrations()).toBe(migrationCount(project()));
        expect(await stopAll(services)).toEqual(services.map(() => 0));
      }, 300_000);
    });

    test("an instance waits while another holds the migration lock, and migrates and becomes ready once it is released", async () => {
      const target = freshDatabase();
      const release = await target.holdMigrationLock();
      const starting = startService(project(), "node", serviceEnv(target.url), BOOT_TIMEOUT_MS);
      try {
        await waitForLockWaiter(target);
        expect(await target.tables()).not.toContain(usersTable(database));
      } finally {
        await release();
      }
      const service = await starting;
      running.push(service);
      expect((await http(service.url, "GET", "/health/readiness")).status).toBe(200);
      expect(await target.appliedMigrations()).toBe(migrationCount(project()));
      expect((await service.stop("SIGTERM", 20_000)).code).toBe(0);
    }, 180_000);

    test("npm run db:migrate migrates an empty database, and a service with MIGRATE_ON_START=false then serves", async () => {
      const target = freshDatabase();
      const migrated = await npmRun(project(), "db:migrate", serviceEnv(target.url), 120_000);
      expectSuccess("npm run db:migrate", migrated);
      expect(migrated.output).toContain("migrations applied");
      expect(await target.tables()).toContain(usersTable(database));
      expect(await target.appliedMigrations()).toBe(migrationCount(project()));
      // Run again, it has nothing to do and says so the same way.
      expectSuccess("npm run db:migrate (again)", await npmRun(project(), "db:migrate", serviceEnv(target.url)));
      expect(await target.appliedMigrations()).toBe(migrationCount(project()));

      const service = await startService(project(), "node", serviceEnv(target.url, { MIGRATE_ON_START: "false" }));
      running.push(service);
      const registered = await http(service.url, "POST", "/api/v1/auth/register", {
        body: { email: "replica@example.com", password: "correct horse battery staple" },
      });
      expect(registered.status).toBe(201);
      expect(service.output()).toContain("MIGRATE_ON_START=false");
      expect((await service.stop("SIGTERM", 20_000)).code).toBe(0);
    }, 300_000);

    test("MIGRATE_ON_START=false on an empty database creates no table", async () => {
      const target = freshDatabase();
      const service = await startService(project(), "node", serviceEnv(target.url, { MIGRATE_ON_START: "false" }));
      running.push(service);
      expect(service.output()).toContain("MIGRATE_ON_START=false");
      expect((await service.stop("SIGTERM", 20_000)).code).toBe(0);
      expect(await target.tables()).toEqual([]);
    }, 120_000);

    test("npm run db:migrate fails with one line and exit 1 when the database cannot be reached", async () => {
      const result = await npmRun(project(), "db:migrate", serviceEnv(unreachable(database, project())), 60_000);
      expect(result.code).toBe(1);
      expect(result.output).not.toMatch(/\n\s+at /);
      expect(result.output.trim().split("\n").at(-1)).toContain("DATABASE_URL");
    }, 120_000);
  });
}

const usersTable = (database: Database) => (database === "postgres" ? "public.users" : "users");

/**
 * Resolves once a session waits for the migration lock; where the database does not show waiters (SQLite), after
 * longer than the service takes to boot here, so that it would have migrated by then without the lock.
 */
async function waitForLockWaiter(target: FreshDatabase): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const waiters = await target.lockWaiters();
    if (waiters === undefined) return Bun.sleep(8_000);
    if (waiters > 0) return;
    await Bun.sleep(200);
  }
  throw new Error("no instance waited for the migration lock within 60 s");
}

/** A DATABASE_URL nothing answers at (a server port nobody listens on; for SQLite, a path under a regular file). */
function unreachable(database: Database, dir: string): string {
  if (database === "postgres") return "postgres://postgres@127.0.0.1:1/app";
  if (database === "mysql") return "mysql://root@127.0.0.1:1/app";
  return `file:${join(dir, "package.json", "app.sqlite")}`;
}
