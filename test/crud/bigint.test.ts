/** 64-bit integer columns end to end (PGlite): accepted as strings or integers, output as strings, filterable. */
import { afterAll, expect, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";
import { bigint, bigserial, pgTable } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { crud, defineResource } from "../../src/crud/index.ts";
import { call } from "./support/http.ts";

const ledger = pgTable("ledger", {
  id: bigserial({ mode: "bigint" }).primaryKey(),
  amount: bigint({ mode: "bigint" }).notNull(),
});
const client = new PGlite();
await client.exec("CREATE TABLE ledger (id bigserial PRIMARY KEY, amount bigint NOT NULL)");
const app = crud({
  db: drizzle({ client }),
  resources: [defineResource(ledger, { path: "ledger", fields: { amount: { filterable: ["GREATER_THAN", "IN"] } } })],
});
afterAll(() => client.close());

test("bigint ids and values beyond 2^53 survive the round trip", async () => {
  const big = "9007199254740993";
  const created = await call(app, "POST", "/api/ledger", { amount: big });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: "1", amount: big });
  expect(created.headers.get("location")).toBe("/api/ledger/1");
  expect((await call(app, "POST", "/api/ledger", { amount: 5 })).body.amount).toBe("5");
  expect((await call(app, "GET", "/api/ledger/1")).body.amount).toBe(big);
  const filtered = await call(app, "GET", "/api/ledger?amount_gt=9007199254740992");
  expect(filtered.body.content).toEqual([{ id: "1", amount: big }]);
  expect((await call(app, "GET", `/api/ledger?amount_in=5,${big}`)).body.totalElements).toBe(2);
  expect((await call(app, "GET", "/api/ledger?amount_gt=1.5")).status).toBe(400);
  for (const other of ["01", "%201", "%2B1", "1n"])
    expect((await call(app, "GET", `/api/ledger/${other}`)).status).toBe(404);
  for (const other of ["05", "%205", "%2B5", "-0"]) {
    expect((await call(app, "GET", `/api/ledger?amount_gt=${other}`)).status).toBe(400);
  }
  expect((await call(app, "POST", "/api/ledger", { amount: "12x" })).status).toBe(400);
  expect((await call(app, "PATCH", "/api/ledger/2", { amount: "7" })).body).toEqual({ id: "2", amount: "7" });
});
