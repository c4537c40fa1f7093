import { afterAll, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import postgres from "postgres";
import { withQueryTimeout } from "./query-timeout.ts";

// One connection, so a statement that holds it makes the next one wait; run against DATABASE_URL's server if any.
const url = process.env.DATABASE_URL;
const server = url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
const timeoutMs = 500;
const poolWaitMs = 1_500;
const bounds = { queryTimeoutMs: timeoutMs, poolWaitMs };
const sql = server ? withQueryTimeout(postgres(server, { max: 1, onnotice: () => {} }), bounds) : undefined;
afterAll(() => sql?.end({ timeout: 5 }));
const reachable = await sql?.unsafe("select 1").then(
  () => true,
  () => false,
);
if (server && !reachable)
  console.warn("skipping the statement timeout tests: no PostgreSQL server answers at DATABASE_URL");

/** What `query` failed with, awaited as Drizzle awaits it (through its `then`), or "answered". */
const failure = (query: Promise<unknown>) =>
  query.then(
    () => "answered",
    (error: unknown) => error,
  );

describe.skipIf(!reachable)("statements bounded by DATABASE_QUERY_TIMEOUT_MS and DATABASE_POOL_WAIT_MS", () => {
  if (!sql) return;

  test("a statement that gets no answer within the bound fails with DATABASE_TIMEOUT", async () => {
    const started = performance.now();
    expect(await failure(sql.unsafe("select pg_sleep(1)"))).toMatchObject({ code: "DATABASE_TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(timeoutMs + 400);
    // The connection is still good once the server has answered the sleep (asked earlier, the check would wait for
    // the one connection behind it and could itself run out of time).
    await new Promise((resume) => setTimeout(resume, 600));
    expect(Array.from(await sql.unsafe("select 1 as one"))).toEqual([expect.objectContaining({ one: 1 })]);
  });

  test("a statement that waits for the connection longer than the statement bound is no database timeout", async () => {
    // Four statements of 300 ms on the one connection: the last waits ~900 ms for it, beyond the 500 ms bound, while
    // the database answers the others: a queue, not an outage.
    const started = performance.now();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => failure(sql.unsafe("select pg_sleep(0.3), $1::int as n", [n]))),
    );
    expect(answers).toEqual(["answered", "answered", "answered", "answered"]);
    expect(performance.now() - started).toBeGreaterThan(timeoutMs + 600);
  });

  test("one that waits for the connection longer than DATABASE_POOL_WAIT_MS fails with SERVICE_BUSY", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) => failure(sql.unsafe("select pg_sleep(0.3), $1::int as n", [n]))),
    );
    // The seventh waits 1.8 s (6 x 300 ms): past the wait's bound, it is answered busy, never as a database timeout.
    expect(answers.slice(0, 4)).toEqual(["answered", "answered", "answered", "answered"]);
    expect(answers.at(-1)).toMatchObject({ code: "SERVICE_BUSY", retryAfterSeconds: 1 });
    expect(answers.filter((answer) => (answer as { code?: unknown }).code === "DATABASE_TIMEOUT")).toEqual([]);
    await new Promise((resume) => setTimeout(resume, 1_000));
  });

  test("statements within the bound answer as usual, with their rows and values", async () => {
    expect(Array.from(await sql.unsafe("select $1::int + 1 as sum", [41]))).toEqual([
      expect.objectContaining({ sum: 42 }),
    ]);
    expect([...(await sql.unsafe("select 1, 2").values())]).toEqual([[1, 2]]);
  });
});

test("a server that accepts the connection and never answers costs a statement the bound, not the wait's bound", async () => {
  const silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as { port: number };
  const client = withQueryTimeout(
    postgres(`postgres://app@127.0.0.1:${port}/app`, { max: 1, connect_timeout: 30 }),
    bounds,
  );
  try {
    const started = performance.now();
    expect(await failure(client.unsafe("select 1"))).toMatchObject({ code: "DATABASE_TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(timeoutMs + 400);
  } finally {
    await client.end({ timeout: 0 });
    silent.close();
  }
});
