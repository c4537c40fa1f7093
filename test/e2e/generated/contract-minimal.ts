import { describe, expect, test } from "bun:test";
import {
  ContractClient,
  emailOfLength,
  expectData,
  expectDetails,
  expectError,
  expectShape,
  expectStatus,
  ISO_UTC,
  uniqueEmail,
} from "./contract-client.ts";
import { describeServiceBasics } from "./contract-service.ts";

/** What the minimal contract needs from a booted service; `deletedUserIds` is filled for the direct database check. */
export interface MinimalContractTarget {
  url: string;
  deletedUserIds: number[];
}

const NO_USER = 987_654_321;
const USERS = "/api/v1/users";

/** A user of the minimal template: exactly these fields. */
function expectMinimalUser(user: unknown, email: string, name: string | null): void {
  expect(Object.keys(user as object).sort()).toEqual(["created_at", "email", "id", "name", "updated_at"]);
  expectShape(user, {
    id: expect.any(Number),
    email,
    name,
    created_at: expect.stringMatching(ISO_UTC),
    updated_at: expect.stringMatching(ISO_UTC),
  });
}

/** The `minimal` template's HTTP contract (issue 12 section 2): user CRUD over REST, no authentication. */
export function describeMinimalContract(target: () => MinimalContractTarget): void {
  const client = () => new ContractClient(target().url);
  const create = (body: unknown) => client().call("POST", USERS, { body });
  const T = 30_000;

  describeServiceBasics(target);

  describe(`POST ${USERS}`, () => {
    test(
      "201 with the user in the envelope and a Location header naming it; e-mail trimmed and lower-cased, no name is null",
      async () => {
        const email = uniqueEmail("create");
        const answer = await create({ email: ` ${email.toUpperCase()} `, name: "Ada Lovelace" });
        const user = expectData(answer, 201);
        expectMinimalUser(user, email, "Ada Lovelace");
        expect(answer.headers.get("location")).toBe(`${USERS}/${user.id}`);
        expect(user.created_at).toBe(user.updated_at);
        const fetched = expectData(await client().call("GET", `${USERS}/${user.id}`), 200);
        expect(fetched).toEqual(user);
        expectMinimalUser(
          expectData(await create({ email: uniqueEmail("noname") }), 201),
          expect.any(String) as never,
          null,
        );
      },
      T,
    );

    test(
      "400 VALIDATION_ERROR with details for missing, malformed or too long fields and bodies that are not JSON objects",
      async () => {
        const cases: [string, unknown][] = [
          ["empty object", {}],
          ["no email", { name: "x" }],
          ["malformed email", { email: "not-an-email" }],
          ["email of 256 characters", { email: emailOfLength(256) }],
          ["email not a string", { email: 42 }],
          ["name of 101 characters", { email: uniqueEmail("long"), name: "n".repeat(101) }],
          ["name not a string", { email: uniqueEmail("num"), name: 42 }],
        ];
        for (const [label, body] of cases) {
          try {
            expectDetails(expectError(await create(body), 400, "VALIDATION_ERROR"));
          } catch (error) {
            throw new Error(`${label}: ${(error as Error).message}`);
          }
        }
        for (const body of ["{not json", "[]", '"text"']) expectError(await create(body), 400, "VALIDATION_ERROR");
        expectData(await create({ email: emailOfLength(255), name: "n".repeat(100) }), 201);
      },
      T,
    );

    test(
      "409 CONFLICT when the e-mail is taken, in any spelling",
      async () => {
        const email = uniqueEmail("taken");
        expectData(await create({ email }), 201);
        expectError(await create({ email: email.toUpperCase() }), 409, "CONFLICT");
      },
      T,
    );
  });

  describe(`GET ${USERS}`, () => {
    test(
      "lists users, 50 a page by default, in id order; limit and offset page; 400 outside their bounds",
      async () => {
        const mine = expectData(await create({ email: uniqueEmail("list") }), 201);
        const firstPage = expectData<unknown[]>(await client().call("GET", USERS), 200);
        expect(firstPage.length).toBeLessThanOrEqual(50);
        // Every boot of a suite adds users to the same database: page through all of them to find this one.
        const ids: number[] = [];
        for (let offset = 0; ; offset += 100) {
          const users = expectData<{ id: number; email: string; name: string | null }[]>(
            await client().call("GET", `${USERS}?limit=100&offset=${offset}`),
            200,
          );
          for (const user of users) expectMinimalUser(user, user.email, user.name);
          ids.push(...users.map((user) => user.id));
          if (users.length < 100) break;
        }
        expect(ids).toContain(mine.id as number);
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
        const one = expectData<{ id: number }[]>(await client().call("GET", `${USERS}?limit=1&offset=1`), 200);
        expect(one.map((user) => user.id)).toEqual(ids.slice(1, 2));
        for (const query of ["limit=0", "limit=101", "limit=abc", "offset=-1", "offset=x"]) {
          expectError(await client().call("GET", `${USERS}?${query}`), 400, "VALIDATION_ERROR");
        }
      },
      T,
    );
  });

  describe(`GET ${USERS}/:id`, () => {
    test("200 user, 404 NOT_FOUND unknown id, 400 VALIDATION_ERROR non-numeric id", async () => {
      const email = uniqueEmail("get");
      const created = expectData(await create({ email, name: "Grace" }), 201);
      const user = expectData(await client().call("GET", `${USERS}/${created.id}`), 200);
      expectMinimalUser(user, email, "Grace");
      expectError(await client().call("GET", `${USERS}/${NO_USER}`), 404, "NOT_FOUND");
      expectError(await client().call("GET", `${USERS}/abc`), 400, "VALIDATION_ERROR");
    });
  });

  describe(`PUT ${USERS}/:id`, () => {
    test(
      "200 updated user (a missing name becomes null); 409 e-mail in use; 400 invalid body or id; 404 unknown id",
      async () => {
        const created = expectData(await create({ email: uniqueEmail("put"), name: "Old" }), 201);
        const other = expectData(await create({ email: uniqueEmail("put-other") }), 201);
        const put = (id: number | string, body: unknown) => client().call("PUT", `${USERS}/${id}`, { body });
        const renamed = uniqueEmail("renamed");
        const updated = expectData(await put(created.id as number, { email: renamed, name: "New" }), 200);
        expectMinimalUser(updated, renamed, "New");
        expect(updated.id).toBe(created.id);
        expect(updated.created_at).toBe(created.created_at);
        expect(Date.parse(updated.updated_at as string)).toBeGreaterThanOrEqual(
          Date.parse(created.updated_at as string),
        );
        const cleared = expectData(await put(created.id as number, { email: renamed }), 200);
        expectMinimalUser(cleared, renamed, null);
        expectMinimalUser(expectData(await client().call("GET", `${USERS}/${created.id}`), 200), renamed, null);

        expectError(await put(created.id as number, { email: (other.email as string).toUpperCase() }), 409, "CONFLICT");
        expectError(await put(created.id as number, { email: "not-an-email" }), 400, "VALIDATION_ERROR");
        expectError(await put(created.id as number, {}), 400, "VALIDATION_ERROR");
        expectError(await put("abc", { email: uniqueEmail("x") }), 400, "VALIDATION_ERROR");
        expectError(await put(NO_USER, { email: uniqueEmail("x") }), 404, "NOT_FOUND");
      },
      T,
    );
  });

  describe(`DELETE ${USERS}/:id`, () => {
    test(
      "soft-deletes: 200 success message, then 404 on every route, gone from the list; its e-mail can be taken again",
      async () => {
        const email = uniqueEmail("victim");
        const victim = expectData(await create({ email }), 201);
        const id = victim.id as number;
        const deleted = await client().call("DELETE", `${USERS}/${id}`);
        expectStatus(deleted, 200);
        expect(deleted.json).toEqual({ status: "success", message: expect.any(String) });
        target().deletedUserIds.push(id);

        expectError(await client().call("GET", `${USERS}/${id}`), 404, "NOT_FOUND");
        expectError(await client().call("PUT", `${USERS}/${id}`, { body: { email } }), 404, "NOT_FOUND");
        expectError(await client().call("DELETE", `${USERS}/${id}`), 404, "NOT_FOUND");
        const list = expectData<{ id: number }[]>(await client().call("GET", `${USERS}?limit=100`), 200);
        expect(list.some((user) => user.id === id)).toBe(false);
        const again = expectData(await create({ email }), 201);
        expect(again.id).not.toBe(id);
        expectError(await create({ email }), 409, "CONFLICT");
        expectError(await client().call("DELETE", `${USERS}/abc`), 400, "VALIDATION_ERROR");
        expectError(await client().call("DELETE", `${USERS}/${NO_USER}`), 404, "NOT_FOUND");
      },
      T,
    );
  });

  describe("HTTP hardening", () => {
    test("a 2 MB body: 413 PAYLOAD_TOO_LARGE; a body that is not JSON: 415; another method: 405 with Allow", async () => {
      expectError(await create(JSON.stringify({ email: "x".repeat(2_000_000) })), 413, "PAYLOAD_TOO_LARGE");
      const text = await client().call("POST", USERS, { body: "email=a", headers: { "content-type": "text/plain" } });
      expectError(text, 415, "UNSUPPORTED_MEDIA_TYPE");
      const patch = await client().call("PATCH", USERS);
      expectError(patch, 405, "METHOD_NOT_ALLOWED");
      expect(patch.headers.get("allow")).toContain("GET");
    });

    test("security headers on API answers: nosniff, no referrer, no framing, no-store", async () => {
      const answer = await client().call("GET", USERS);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("API reference", () => {
    test("GET /apidocs/openapi.json documents every operation and no security scheme", async () => {
      const answer = await client().call("GET", "/apidocs/openapi.json");
      expectStatus(answer, 200);
      const document = answer.json as {
        openapi: string;
        paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
        components?: { securitySchemes?: unknown };
        security?: unknown;
      };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components?.securitySchemes).toBeUndefined();
      expect(document.security).toBeUndefined();
      expect(Object.keys(document.paths[USERS] ?? {}).sort()).toEqual(["get", "post"]);
      expect(Object.keys(document.paths[`${USERS}/{id}`] ?? {}).sort()).toEqual(["delete", "get", "put"]);
      const ids = Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).map((operation) => operation.operationId),
      );
      expect(ids.sort()).toEqual([
        "createUser",
        "deleteUser",
        "getHealth",
        "getLiveness",
        "getReadiness",
        "getUser",
        "listUsers",
        "replaceUser",
      ]);
      expect(answer.text).not.toMatch(/bearer|jwt|password/i);
    });
  });
}
