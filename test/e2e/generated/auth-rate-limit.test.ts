import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Database } from "../../../src/generate/template-tree.ts";
import { type RunningService, type Runtime, startService } from "../../support/runtimes.ts";
import { type Backend, mysqlServer, type OpenBackend, postgresServer, sqliteFile } from "./backends.ts";
import { installedFullProject } from "./installed-project.ts";

/**
 * Issue 31, item 5: sign-in, sign-up and refresh are limited per client address and per account, in the project's
 * database, so every instance shares the counts. Booted services of a generated full project, on each database.
 */

interface Answer {
  status: number;
  retryAfter: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: assertions walk the JSON bodies
  body: any;
}

/** One JSON POST over a real socket, from `localAddress` (any 127.x address reaches the service on loopback). */
function post(
  baseUrl: string,
  path: string,
  body: unknown,
  { localAddress = "127.0.0.1", headers = {} }: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          const retryAfter = res.headers["retry-after"];
          resolve({ status: res.statusCode ?? 0, retryAfter: retryAfter ?? null, body: JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const PASSWORD = "correct-horse-battery";
let accounts = 0;
const account = (label: string) => `${label}-${Date.now().toString(36)}-${++accounts}@example.com`;
const login = (url: string, email: string, password: string, options?: Parameters<typeof post>[3]) =>
  post(url, "/api/v1/auth/login", { email, password }, options);

async function registered(url: string, label: string): Promise<string> {
  const email = account(label);
  expect((await post(url, "/api/v1/auth/register", { email, password: PASSWORD })).status).toBe(201);
  return email;
}

function expectRefused(answer: Answer, maxSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    status: "error",
    error: { code: "TOO_MANY_REQUESTS", message: "Too many attempts: try again later" },
  });
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

/** A service of the project on `runtime`, on a database of its own from `backend`, stopped by `afterAll`. */
function boots(project: () => string, backend: Backend, env: Record<string, string>) {
  const services: RunningService[] = [];
  const databases: OpenBackend[] = [];
  const jwtSecret = randomBytes(32).toString("hex");
  afterAll(async () => {
    for (const service of services) service.kill();
    for (const database of databases) await database.close();
  }, 60_000);
  return {
    /** A fresh database for the services started after it. */
    async database(): Promise<OpenBackend> {
      const database = await backend.open(project());
      databases.push(database);
      return database;
    },
    async start(runtime: Runtime, database: OpenBackend): Promise<RunningService> {
      const service = await startService(project(), runtime, {
        DATABASE_URL: database.databaseUrl(),
        JWT_SECRET: jwtSecret,
        // The cheapest cost bcrypt allows: the tests make many sign-ins, and hashing is not what they check.
        BCRYPT_ROUNDS: "4",
        ...env,
      });
      services.push(service);
      return service;
    },
  };
}

function describeDatabase(
  database: Database,
  backend: Backend,
  runtimes: readonly Runtime[],
  pair: [Runtime, Runtime],
) {
  describe.skipIf(!backend.available)(`auth rate limits on ${backend.label}`, () => {
    const projectDir = installedFullProject(database, "none");

    for (const runtime of runtimes) {
      describe(`on ${runtime}, default per-account limit`, () => {
        // 40 per address, so that the address limit is reached within the test too.
        const service = boots(projectDir, backend, { AUTH_RATE_LIMIT_PER_ADDRESS: "40" });
        let url = "";
        beforeAll(async () => {
          url = (await service.start(runtime, await service.database())).url;
        }, 120_000);

        test("25 wrong passwords in a row are not all 401: the 26th, with the right password, is a 429", async () => {
          const email = await registered(url, "victim");
          const statuses: number[] = [];
          for (let attempt = 1; attempt <= 25; attempt++) {
            statuses.push((await login(url, email, `wrong-password-${attempt}`)).status);
          }
          expect(statuses).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
          expectRefused(await login(url, email, PASSWORD), 15 * 60);
          // Another account, from the same address, signs in.
          const other = await registered(url, "bystander");
          expect((await login(url, other, PASSWORD)).status).toBe(200);
        }, 60_000);

        test("the address limit: a forged X-Forwarded-For does not escape it, another address is unaffected", async () => {
          // 27 sign-ins came from 127.0.0.1 in the test before: 13 more reach the 40.
          for (let attempt = 1; attempt <= 13; attempt++) {
            const answer = await login(url, account("stranger"), PASSWORD);
            expect([attempt, answer.status]).toEqual([attempt, 401]);
          }
          const forged = { headers: { "x-forwarded-for": "203.0.113.9" } };
          expectRefused(await login(url, account("stranger"), PASSWORD, forged), 15 * 60);
          const elsewhere = await login(url, account("stranger"), PASSWORD, { localAddress: "127.0.0.2" });
          expect(elsewhere.status).toBe(401);
        }, 60_000);
      });
    }

    describe(`two instances (${pair.join(" and ")}) on one database`, () => {
      const WINDOW_SECONDS = 3;
      const service = boots(projectDir, backend, {
        AUTH_RATE_LIMIT_PER_ACCOUNT: "4",
        AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      });
      const urls: string[] = [];
      beforeAll(async () => {
        const database = await service.database();
        // One after the other: the first applies the migrations.
        for (const runtime of pair) urls.push((await service.start(runtime, database)).url);
      }, 120_000);

      test("share the limit: attempts alternated between them reach it as on one instance", async () => {
        const email = await registered(urls[0] as string, "shared");
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt++) {
          const url = urls[attempt % 2] as string;
          statuses.push((await login(url, email, `wrong-password-${attempt}`)).status);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      }, 60_000);

      test("after the window, sign-in works again", async () => {
        const email = await registered(urls[1] as string, "patient");
        for (let attempt = 0; attempt < 4; attempt++) await login(urls[attempt % 2] as string, email, "wrong-password");
        const refused = await login(urls[0] as string, email, PASSWORD);
        expectRefused(refused, WINDOW_SECONDS);
        await Bun.sleep(Number(refused.retryAfter) * 1000 + 100);
        expect((await login(urls[1] as string, email, PASSWORD)).status).toBe(200);
      }, 60_000);
    });
  });
}

describeDatabase("sqlite", sqliteFile, ["node", "bun", "deno"], ["node", "bun"]);
describeDatabase("postgres", postgresServer, ["node"], ["bun", "deno"]);
describeDatabase("mysql", mysqlServer, ["node"], ["deno", "bun"]);
