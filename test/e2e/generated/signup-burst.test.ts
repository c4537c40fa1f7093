/**
 * Issue 39: a burst of sign-ups is overload, not an outage. On a generated `full` project, 100 concurrent sign-ups
 * (rate limits lifted) are all answered 201 (no 5xx: not the false 503 "the database is not answering" of a queue
 * taken for an outage), and readiness, probed throughout, never answers 503. Each database once, each runtime once:
 * PostgreSQL on Node.js, MariaDB on Bun, SQLite on Deno. The figures are printed; the bench (bench/burst.ts) holds
 * them against their targets.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../../../src/generate/template-tree.ts";
import type { Runtime } from "../../support/runtimes.ts";
import { startService } from "../../support/runtimes.ts";
import { type Backend, mysqlServer, type OpenBackend, postgresServer, sqliteFile } from "./backends.ts";
import { installedFullProject } from "./installed-project.ts";
import { burstSummary, signUpBurst } from "./signup-burst.ts";

const SIGNUPS = 100;
const SECRET = "a-random-production-secret-of-32-bytes-or-more";

const cases: Array<{ database: Database; backend: Backend; runtime: Runtime }> = [
  { database: "postgres", backend: postgresServer, runtime: "node" },
  { database: "mysql", backend: mysqlServer, runtime: "bun" },
  { database: "sqlite", backend: sqliteFile, runtime: "deno" },
];

for (const { database, backend, runtime } of cases) {
  describe.skipIf(!backend.available)(`${backend.label}, ${runtime}: a burst of ${SIGNUPS} sign-ups`, () => {
    const project = installedFullProject(database, "none");
    let open: OpenBackend | undefined;
    beforeAll(async () => {
      open = await backend.open(project());
    }, 60_000);
    afterAll(() => open?.close(), 60_000);

    test("every sign-up is answered 201, and readiness 200 throughout", async () => {
      const service = await startService(project(), runtime, {
        APP_ENV: "production",
        JWT_SECRET: SECRET,
        LOG_LEVEL: "warn",
        DATABASE_URL: (open as OpenBackend).databaseUrl(),
        // The burst comes from one address: sign-in limits are not what this test is about.
        AUTH_RATE_LIMIT_PER_ADDRESS: "100000",
      });
      try {
        const result = await signUpBurst(service.url, SIGNUPS);
        console.log(`[burst] ${backend.label} ${runtime}: ${burstSummary(result)}`);
        expect(result.signups.map((s) => s.status).filter((status) => status !== 201)).toEqual([]);
        expect(result.readiness.length).toBeGreaterThan(0);
        expect(result.readiness.filter((r) => r.status !== 200)).toEqual([]);
        expect(result.userReads.filter((r) => r.status !== 200)).toEqual([]);
        expect(service.alive()).toBe(true);
      } finally {
        service.kill();
      }
    }, 180_000);
  });
}
