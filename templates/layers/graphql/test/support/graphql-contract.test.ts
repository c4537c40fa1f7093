import { describe, expect, test } from "bun:test";
import { parse } from "graphql";
import { ContractWalk } from "./graphql-contract.ts";
import type { TestApp } from "./test-app.ts";

/** An app that answers every request with this status and body, as GraphQL over HTTP's JSON. */
const answering = (status: number, body: unknown, type = "application/graphql-response+json") =>
  ({
    request: async () => new Response(JSON.stringify(body), { status, headers: { "content-type": type } }),
  }) as unknown as TestApp;

const USERS = parse("{ users { id email createdAt } }");
const user = { id: "1", email: "ada@example.com", createdAt: "2025-01-01T12:00:00.000Z" };

// The walk's checks must be able to fail: each answer below breaks the schema or the README's table once.
describe("ContractWalk refuses an answer that breaks the contract", () => {
  test("an answer that fits passes", async () => {
    const answer = await new ContractWalk(answering(200, { data: { users: [user] } })).send(USERS, {});
    expect(answer.data).toEqual({ users: [user] });
  });

  test.each([
    ["an ID as a number", { data: { users: [{ ...user, id: 1 }] } }],
    ["a Time that is not ISO 8601 in UTC", { data: { users: [{ ...user, createdAt: "2025-01-01" }] } }],
    ["a selected field missing", { data: { users: [{ id: "1", email: "ada@example.com" }] } }],
    ["a field nobody selected", { data: { users: [{ ...user, name: null }] } }],
    ["null for a non-null list", { data: { users: null } }],
    ["a key GraphQL does not answer with", { data: { users: [] }, status: "ok" }],
  ])("%s", async (_, body) => {
    await expect(new ContractWalk(answering(200, body)).send(USERS, {})).rejects.toThrow();
  });

  test("an error code the README does not list, or a status it does not give that code", async () => {
    const unlisted = { errors: [{ message: "no", extensions: { code: "TEAPOT" } }] };
    await expect(new ContractWalk(answering(400, unlisted)).send(USERS, {})).rejects.toThrow();
    const wrongStatus = { errors: [{ message: "no", extensions: { code: "PAYLOAD_TOO_LARGE" } }] };
    await expect(new ContractWalk(answering(400, wrongStatus)).send(USERS, {})).rejects.toThrow();
  });

  test("a document the schema does not have, and an answer that is not GraphQL's content type", async () => {
    const walk = new ContractWalk(answering(200, { data: { users: [] } }));
    await expect(walk.send(parse("{ customers { id } }"), {})).rejects.toThrow();
    const json = new ContractWalk(answering(200, { data: { users: [] } }, "text/plain"));
    await expect(json.send(USERS, {})).rejects.toThrow();
  });
});
