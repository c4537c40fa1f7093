/** 64-bit integer columns through GraphQL (PGlite): the BigInt scalar, as strings in and out, filterable, as ids. */
import { afterAll, expect, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";
import { bigint, bigserial, pgTable } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { crudGraphql } from "../../src/crud/graphql/index.ts";
import { defineResource } from "../../src/crud/index.ts";
import { codes, gql } from "./support/graphql-http.ts";

const ledger = pgTable("ledger", {
  id: bigserial({ mode: "bigint" }).primaryKey(),
  amount: bigint({ mode: "bigint" }).notNull(),
});
const client = new PGlite();
await client.exec("CREATE TABLE ledger (id bigserial PRIMARY KEY, amount bigint NOT NULL)");
const { app, sdl } = crudGraphql({
  db: drizzle({ client }),
  resources: [defineResource(ledger, { path: "ledger", fields: { amount: { filterable: ["GREATER_THAN", "IN"] } } })],
});
afterAll(() => client.close());

test("bigint ids and values beyond 2^53 survive the round trip", async () => {
  expect(sdl).toContain("ledger(id: BigInt!): Ledger");
  const big = "9007199254740993";
  const created = await gql(
    app,
    `mutation($amount: BigInt) { createLedger(input: { amount: $amount }) { id amount } }`,
    {
      amount: big,
    },
  );
  expect(created.data.createLedger).toEqual({ id: "1", amount: big });
  const small = await gql(app, `mutation { createLedger(input: { amount: 5 }) { amount } }`);
  expect(small.data.createLedger.amount).toBe("5");
  expect((await gql(app, `{ ledger(id: "1") { amount } }`)).data.ledger.amount).toBe(big);
  const filtered = await gql(
    app,
    `{ ledgers(filter: { amount_gt: "9007199254740992" }) { edges { node { id amount } } } }`,
  );
  expect(filtered.data.ledgers.edges).toEqual([{ node: { id: "1", amount: big } }]);
  const both = await gql(app, `{ ledgers(filter: { amount_in: ["5", "${big}"] }) { totalCount } }`);
  expect(both.data.ledgers.totalCount).toBe(2);
  expect(codes(await gql(app, `{ ledgers(filter: { amount_gt: "1.5" }) { totalCount } }`))).toEqual(["BAD_USER_INPUT"]);
  expect((await gql(app, `{ ledger(id: "01") { id } }`)).data.ledger).toBeNull();
  const bad = await gql(app, `mutation { createLedger(input: { amount: "12x" }) { id } }`);
  expect(bad.errors?.[0]?.extensions?.errors).toMatchObject([{ field: "amount", code: "Type" }]);
  const patched = await gql(app, `mutation { patchLedger(id: "2", input: { amount: "7" }) { id amount } }`);
  expect(patched.data.patchLedger).toEqual({ id: "2", amount: "7" });
});
