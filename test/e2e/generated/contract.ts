import { describe, expect, test } from "bun:test";
import { describeAuthHardening } from "./contract-auth.ts";
import {
  ContractClient,
  emailOfLength,
  expectAccessToken,
  expectData,
  expectDetails,
  expectError,
  expectShape,
  expectStatus,
  expectTokenPair,
  expectUser,
  uniqueEmail,
} from "./contract-client.ts";
import { describeHttpHardening } from "./contract-http.ts";
import { describeServiceBasics } from "./contract-service.ts";
import { decodeJwt, hasValidSignature, signJwt } from "./jwt.ts";

/** What the contract needs from a booted service; `deletedUserIds` is filled for the direct database check. */
export interface ContractTarget {
  url: string;
  jwtSecret: string;
  /** Listed in the service's ADMIN_EMAILS; the contract registers it. */
  adminEmail: string;
  deletedUserIds: number[];
}

const EURO = "\u20ac"; // 1 character, 3 bytes in UTF-8
const NO_USER = 987_654_321;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Registers one test per row of issue 3's HTTP contract, against the service `target()` describes at run time
 * (the boot happens in the caller's `beforeAll`).
 */
export function describeHttpContract(target: () => ContractTarget): void {
  const client = () => new ContractClient(target().url);
  const T = 30_000;

  describeServiceBasics(target);

  describe("POST /api/v1/auth/register", () => {
    test(
      "201 with a Bearer token pair; the access token is HS256, signed with JWT_SECRET, valid 900 s",
      async () => {
        const answer = await client().register(uniqueEmail("register"), "correct horse battery");
        const data = expectData(answer, 201);
        expectTokenPair(data);
        const access = data.access_token as string;
        const { header, payload } = decodeJwt(access);
        expect(header.alg).toBe("HS256");
        expect(hasValidSignature(access, target().jwtSecret)).toBe(true);
        expect(Number(payload.exp) - Number(payload.iat)).toBe(900);
        expect(Math.abs(Number(payload.iat) - Date.now() / 1000)).toBeLessThan(60);
      },
      T,
    );

    test(
      "400 VALIDATION_ERROR with details for missing, malformed or too long fields",
      async () => {
        const cases: [string, unknown][] = [
          ["empty object", {}],
          ["no password", { email: uniqueEmail("nopass") }],
          ["no email", { password: "correct horse battery" }],
          ["malformed email", { email: "not-an-email", password: "correct horse battery" }],
          ["email of 256 characters", { email: emailOfLength(256), password: "correct horse battery" }],
          ["email not a string", { email: 42, password: "correct horse battery" }],
          ["password of 7 characters", { email: uniqueEmail("short"), password: "1234567" }],
          ["password of 73 characters", { email: uniqueEmail("long"), password: "p".repeat(73) }],
          ["password of 25 characters but 75 bytes", { email: uniqueEmail("bytes"), password: EURO.repeat(25) }],
        ];
        for (const [name, body] of cases) {
          const answer = await client().call("POST", "/api/v1/auth/register", { body });
          try {
            expectDetails(expectError(answer, 400, "VALIDATION_ERROR"));
          } catch (error) {
            throw new Error(`${name}: ${(error as Error).message}`);
          }
        }
      },
      T,
    );

    test("400 VALIDATION_ERROR for a body that is not a JSON object", async () => {
      for (const body of ["{not json", "[]", '"text"']) {
        expectError(await client().call("POST", "/api/v1/auth/register", { body }), 400, "VALIDATION_ERROR");
      }
    });

    test(
      "accepts the limits: 255-character e-mail, 8 and 72 characters, 72 bytes of multibyte characters",
      async () => {
        const cases: [string, string][] = [
          [emailOfLength(255), "12345678"],
          [uniqueEmail("max72"), "p".repeat(72)],
          [uniqueEmail("euro24"), EURO.repeat(24)],
        ];
        for (const [email, password] of cases) {
          expectTokenPair(expectData(await client().register(email, password), 201));
          // bcrypt must have seen the whole password: the exact one logs in, one differing in the last byte does not.
          expectTokenPair(expectData(await client().login(email, password), 200));
          const altered = password.slice(0, -1) + (password.endsWith("8") ? "9" : "x");
          expectError(await client().login(email, altered), 401, "UNAUTHORIZED");
        }
      },
      T,
    );

    test(
      "409 CONFLICT when the e-mail is taken",
      async () => {
        const email = uniqueEmail("taken");
        expectData(await client().register(email, "correct horse battery"), 201);
        expectError(await client().register(email, "another password"), 409, "CONFLICT");
      },
      T,
    );
  });

  describe("POST /api/v1/auth/login", () => {
    test(
      "200 with access_token, refresh_token, token_type Bearer and expires_in 900",
      async () => {
        const session = await client().newSession("login");
        const data = expectData(await client().login(session.email, session.password), 200);
        expectTokenPair(data);
        expect(decodeJwt(data.access_token as string).payload.sub).toEqual(decodeJwt(session.access).payload.sub);
      },
      T,
    );

    test(
      "401 with the same answer for a wrong password and for an unknown e-mail",
      async () => {
        const session = await client().newSession("badlogin");
        const wrong = await client().login(session.email, "wrong password!");
        const unknown = await client().login(uniqueEmail("nobody"), "wrong password!");
        expectError(wrong, 401, "UNAUTHORIZED");
        expectError(unknown, 401, "UNAUTHORIZED");
        expect(unknown.json).toEqual(wrong.json);
      },
      T,
    );

    test(
      "similar timing for a wrong password and an unknown e-mail (no user enumeration)",
      async () => {
        const session = await client().newSession("timing");
        const known: number[] = [];
        const unknown: number[] = [];
        for (let round = 0; round < 7; round++) {
          known.push((await client().login(session.email, "wrong password!")).ms);
          unknown.push((await client().login(uniqueEmail("ghost"), "wrong password!")).ms);
        }
        // Without a dummy bcrypt comparison an unknown e-mail answers in ~1 ms against tens of ms for a real one.
        const ratio = median(unknown) / median(known);
        expect(ratio).toBeGreaterThan(0.5);
        expect(ratio).toBeLessThan(2);
      },
      T,
    );

    test("400 VALIDATION_ERROR for a malformed body", async () => {
      expectError(await client().call("POST", "/api/v1/auth/login", { body: {} }), 400, "VALIDATION_ERROR");
      expectError(await client().call("POST", "/api/v1/auth/login", { body: "{not json" }), 400, "VALIDATION_ERROR");
    });
  });

  describe("POST /api/v1/auth/refresh", () => {
    test(
      "200 with a new access token; rotation: a new refresh token that works, the used one is rejected and its reuse revokes the successors",
      async () => {
        const session = await client().newSession("refresh");
        const first = expectData(await client().refresh(session.refresh), 200);
        expectAccessToken(first);
        expect(hasValidSignature(first.access_token as string, target().jwtSecret)).toBe(true);
        expectUser(
          expectData(
            await client().call("GET", `/api/v1/users/${session.id}`, { token: first.access_token as string }),
            200,
          ),
          session.email,
        );
        // Rotation hands out the next refresh token; it works once too.
        expect(typeof first.refresh_token).toBe("string");
        expect(first.refresh_token).not.toBe(session.refresh);
        const second = expectData(await client().refresh(first.refresh_token), 200);
        expectAccessToken(second);
        expectError(await client().refresh(first.refresh_token), 401, "UNAUTHORIZED");
        // That reuse revoked the whole chain (reuse detection): the newest token is refused too.
        expectError(await client().refresh(second.refresh_token), 401, "UNAUTHORIZED");
      },
      T,
    );

    test(
      "401 for a garbage, an expired, a foreign-signed token and for an access token",
      async () => {
        const session = await client().newSession("badrefresh");
        const claims = decodeJwt(session.refresh).payload;
        const past = Math.floor(Date.now() / 1000) - 3600;
        const expired = signJwt({ ...claims, iat: past - 60, exp: past }, target().jwtSecret);
        const foreign = signJwt(claims, "another secret that is at least 32 bytes long!!");
        for (const token of ["garbage", expired, foreign, session.access]) {
          expectError(await client().refresh(token), 401, "UNAUTHORIZED");
        }
        // None of those attempts spent the real refresh token.
        expectAccessToken(expectData(await client().refresh(session.refresh), 200));
      },
      T,
    );

    test("400 VALIDATION_ERROR for a malformed body", async () => {
      for (const body of [{}, { refresh_token: 42 }, "{not json"]) {
        expectError(await client().call("POST", "/api/v1/auth/refresh", { body }), 400, "VALIDATION_ERROR");
      }
    });
  });

  describe("/api/v1/users", () => {
    test(
      "401 UNAUTHORIZED on every route without a valid access token (a refresh token is not one)",
      async () => {
        const session = await client().newSession("guard");
        const claims = decodeJwt(session.access).payload;
        const past = Math.floor(Date.now() / 1000) - 3600;
        const tokens: [string, string | undefined][] = [
          ["no token", undefined],
          ["garbage token", "garbage"],
          ["token signed with another secret", signJwt(claims, "another secret that is at least 32 bytes long!!")],
          ["expired access token", signJwt({ ...claims, iat: past - 900, exp: past }, target().jwtSecret)],
          ["refresh token", session.refresh],
        ];
        const routes: [string, string, unknown][] = [
          ["GET", "/api/v1/users", undefined],
          ["GET", `/api/v1/users/${session.id}`, undefined],
          ["PUT", `/api/v1/users/${session.id}`, { email: uniqueEmail("guarded") }],
          ["DELETE", `/api/v1/users/${session.id}`, undefined],
        ];
        for (const [name, token] of tokens) {
          for (const [method, path, body] of routes) {
            try {
              expectError(await client().call(method, path, { token, body }), 401, "UNAUTHORIZED");
            } catch (error) {
              throw new Error(`${method} ${path} with ${name}: ${(error as Error).message}`);
            }
          }
        }
        // Also a bare header without the Bearer scheme.
        const raw = await client().call("GET", "/api/v1/users", { headers: { authorization: session.access } });
        expectError(raw, 401, "UNAUTHORIZED");
        // The user is untouched and the refresh token still usable.
        expectUser(
          expectData(await client().call("GET", `/api/v1/users/${session.id}`, { token: session.access }), 200),
          session.email,
        );
        expectAccessToken(expectData(await client().refresh(session.refresh), 200));
      },
      T,
    );

    test(
      "GET /users lists user objects (id, email, ISO timestamps, no password or hash), 50 a page by default, in id order",
      async () => {
        const session = await client().newSession("list");
        const firstPage = expectData<unknown[]>(
          await client().call("GET", "/api/v1/users", { token: session.access }),
          200,
        );
        expect(firstPage.length).toBeLessThanOrEqual(50); // the default page size
        // Every boot of a suite adds users to the same database: page through all of them to find this one.
        const ids: number[] = [];
        for (let offset = 0; ; offset += 100) {
          const path = `/api/v1/users?limit=100&offset=${offset}`;
          const answer = await client().call("GET", path, { token: session.access });
          const users = expectData<unknown[]>(answer, 200);
          expect(answer.text).not.toMatch(/password|\$2[aby]\$/i);
          for (const user of users) expectUser(user, (user as { email: string }).email);
          ids.push(...users.map((user) => (user as { id: number }).id));
          if (users.length < 100) break;
        }
        expect(ids).toContain(session.id);
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b)); // ascending ids, none on two pages
      },
      T,
    );

    test(
      "GET /users/:id: 200 user, 404 NOT_FOUND unknown id, 400 VALIDATION_ERROR non-numeric id",
      async () => {
        const session = await client().newSession("get");
        const user = expectData(
          await client().call("GET", `/api/v1/users/${session.id}`, { token: session.access }),
          200,
        );
        expectUser(user, session.email);
        expect(user.id).toBe(session.id);
        expectError(
          await client().call("GET", `/api/v1/users/${NO_USER}`, { token: session.access }),
          404,
          "NOT_FOUND",
        );
        expectError(
          await client().call("GET", "/api/v1/users/abc", { token: session.access }),
          400,
          "VALIDATION_ERROR",
        );
      },
      T,
    );

    test(
      "PUT /users/:id: 200 updated user; 409 e-mail in use; 400 invalid e-mail or id; 403 another (or unknown) id",
      async () => {
        const session = await client().newSession("put");
        const other = await client().newSession("put-other");
        const token = session.access;
        const renamed = uniqueEmail("renamed");
        const updated = expectData(
          await client().call("PUT", `/api/v1/users/${session.id}`, { token, body: { email: renamed } }),
          200,
        );
        expectUser(updated, renamed);
        expect(updated.id).toBe(session.id);
        expect(Date.parse(updated.updated_at as string)).toBeGreaterThanOrEqual(
          Date.parse(updated.created_at as string),
        );
        expectUser(expectData(await client().call("GET", `/api/v1/users/${session.id}`, { token }), 200), renamed);
        expectTokenPair(expectData(await client().login(renamed, session.password), 200));

        const put = (id: number | string, body: unknown) =>
          client().call("PUT", `/api/v1/users/${id}`, { token, body });
        expectError(await put(session.id, { email: other.email }), 409, "CONFLICT");
        expectError(await put(session.id, { email: "not-an-email" }), 400, "VALIDATION_ERROR");
        expectError(await put(session.id, {}), 400, "VALIDATION_ERROR");
        expectError(await put("abc", { email: uniqueEmail("x") }), 400, "VALIDATION_ERROR");
        expectError(await put(NO_USER, { email: uniqueEmail("x") }), 403, "FORBIDDEN");
      },
      T,
    );

    test(
      "DELETE /users/:id soft-deletes (own record): success message, then 404, gone from the list, no login, refresh revoked",
      async () => {
        const observer = await client().newSession("observer");
        const victim = await client().newSession("victim");
        const token = observer.access;
        const deleted = await client().call("DELETE", `/api/v1/users/${victim.id}`, { token: victim.access });
        expectStatus(deleted, 200);
        expectShape(deleted.json, { status: "success", message: expect.any(String) });
        target().deletedUserIds.push(victim.id);

        expectError(await client().call("GET", `/api/v1/users/${victim.id}`, { token }), 404, "NOT_FOUND");
        const list = expectData<{ id: number }[]>(await client().call("GET", "/api/v1/users", { token }), 200);
        expect(list.some((user) => user.id === victim.id)).toBe(false);
        expectError(await client().login(victim.email, victim.password), 401, "UNAUTHORIZED");
        expectError(await client().refresh(victim.refresh), 401, "UNAUTHORIZED");

        expectError(await client().call("DELETE", "/api/v1/users/abc", { token }), 400, "VALIDATION_ERROR");
        expectError(await client().call("DELETE", `/api/v1/users/${NO_USER}`, { token }), 403, "FORBIDDEN");
      },
      T,
    );
  });

  describeHttpHardening(target);
  describeAuthHardening(target);

  describe("API reference", () => {
    test("GET /apidocs/openapi.json documents every operation by its operationId, protected ones with a bearer scheme", async () => {
      const answer = await client().call("GET", "/apidocs/openapi.json");
      expectStatus(answer, 200);
      const document = answer.json as {
        openapi: string;
        paths: Record<string, Record<string, { operationId?: string; security?: Record<string, unknown>[] }>>;
        components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
        security?: Record<string, unknown>[];
      };
      expect(document.openapi).toMatch(/^3\./);
      const schemes = Object.entries(document.components?.securitySchemes ?? {});
      const bearer = schemes.find(([, scheme]) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer");
      expect(bearer).toBeDefined();
      const bearerName = (bearer as [string, unknown])[0];
      const operations: [string, string, boolean, string][] = [
        ["/api/v1/auth/register", "post", false, "register"],
        ["/api/v1/auth/login", "post", false, "login"],
        ["/api/v1/auth/refresh", "post", false, "refresh"],
        ["/api/v1/users", "get", true, "listUsers"],
        ["/api/v1/users/{id}", "get", true, "getUser"],
        ["/api/v1/users/{id}", "put", true, "replaceUser"],
        ["/api/v1/users/{id}", "delete", true, "deleteUser"],
      ];
      for (const [path, method, protectedRoute, operationId] of operations) {
        const operation = document.paths[path]?.[method];
        if (!operation) throw new Error(`openapi.json lacks ${method.toUpperCase()} ${path}`);
        expect(operation.operationId).toBe(operationId);
        if (protectedRoute) {
          const security = operation.security ?? document.security ?? [];
          expect(security.some((requirement) => bearerName in requirement)).toBe(true);
        }
      }
    });
  });
}
