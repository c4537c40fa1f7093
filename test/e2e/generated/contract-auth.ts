import { beforeAll, describe, expect, test } from "bun:test";
import type { HttpAnswer } from "../../support/http.ts";
import type { ContractTarget } from "./contract.ts";
import {
  ContractClient,
  expectData,
  expectError,
  expectShape,
  expectTokenPair,
  expectUser,
  type Session,
  uniqueEmail,
} from "./contract-client.ts";
import { decodeJwt } from "./jwt.ts";

const NO_USER = 987_654_321;
const PASSWORD = "correct horse battery";

/** The protected routes, each as a caller would hit them for `id`. */
const protectedRoutes = (id: number): [string, string, unknown][] => [
  ["GET", "/api/v1/users", undefined],
  ["GET", `/api/v1/users/${id}`, undefined],
  ["PUT", `/api/v1/users/${id}`, { email: uniqueEmail("renamed") }],
  ["DELETE", `/api/v1/users/${id}`, undefined],
];

function expectForbidden(answer: HttpAnswer): void {
  expectError(answer, 403, "FORBIDDEN");
  expectShape(answer.json, { status: "error", error: { code: "FORBIDDEN", message: expect.any(String) } });
}

/**
 * Issue 10's hardening of sign-in and user management, over HTTP: refresh-token rotation under concurrency and reuse
 * detection, deleted users' access tokens, a deleted account's e-mail registering anew, who may change or delete whom,
 * and one account per e-mail whatever its spelling. `target().adminEmail` is listed in the service's ADMIN_EMAILS (in another spelling) and not registered yet.
 */
export function describeAuthHardening(target: () => ContractTarget): void {
  const client = () => new ContractClient(target().url);
  const T = 30_000;

  describe("auth hardening (issue 10)", () => {
    let admin: Session;

    beforeAll(async () => {
      const email = target().adminEmail;
      const data = expectData(await client().register(email, PASSWORD), 201);
      expectTokenPair(data);
      const access = data.access_token as string;
      admin = { id: Number(decodeJwt(access).payload.sub), email, password: PASSWORD, access, refresh: "" };
    }, T);

    test(
      "50 parallel refreshes of one refresh token: exactly one 200, 49 × 401; the reuse revokes the family, so the winner's new refresh token is refused too",
      async () => {
        const session = await client().newSession("race");
        const answers = await Promise.all(Array.from({ length: 50 }, () => client().refresh(session.refresh)));
        const winners = answers.filter((answer) => answer.status === 200);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(49).fill(401)]);
        for (const answer of answers) if (answer.status !== 200) expectError(answer, 401, "UNAUTHORIZED");
        const winner = expectData(winners[0] as HttpAnswer, 200);
        expectError(await client().refresh(winner.refresh_token), 401, "UNAUTHORIZED");
        // The account itself is fine: signing in again starts a new family.
        const again = expectData(await client().login(session.email, session.password), 200);
        expectTokenPair(expectData(await client().refresh(again.refresh_token), 200));
      },
      T,
    );

    test(
      "reusing a rotated refresh token revokes its family (401 for the thief and the legitimate successor), not the user's other sign-ins",
      async () => {
        const session = await client().newSession("reuse");
        const otherDevice = expectData(await client().login(session.email, session.password), 200);
        const rotated = expectData(await client().refresh(session.refresh), 200);
        expectError(await client().refresh(session.refresh), 401, "UNAUTHORIZED");
        expectError(await client().refresh(rotated.refresh_token), 401, "UNAUTHORIZED");
        expectTokenPair(expectData(await client().refresh(otherDevice.refresh_token), 200));
      },
      T,
    );

    test(
      "a deleted user's access token is refused (401) at once on every protected route",
      async () => {
        const session = await client().newSession("self-delete");
        const deleted = await client().call("DELETE", `/api/v1/users/${session.id}`, { token: session.access });
        expectShape(deleted.json, { status: "success", message: expect.any(String) });
        target().deletedUserIds.push(session.id);
        for (const [method, path, body] of protectedRoutes(session.id)) {
          try {
            expectError(await client().call(method, path, { token: session.access, body }), 401, "UNAUTHORIZED");
          } catch (error) {
            throw new Error(`${method} ${path}: ${(error as Error).message}`);
          }
        }
      },
      T,
    );

    test(
      "a deleted account's e-mail registers anew: a new id, login reaches it, the old access and refresh tokens stay 401",
      async () => {
        const old = await client().newSession("comeback");
        expectShape((await client().call("DELETE", `/api/v1/users/${old.id}`, { token: old.access })).json, {
          status: "success",
        });
        target().deletedUserIds.push(old.id);
        const password = `${PASSWORD} again`;
        const renewed = expectData(await client().register(old.email, password), 201);
        const id = Number(decodeJwt(renewed.access_token as string).payload.sub);
        expect(id).not.toBe(old.id);
        expectError(await client().call("GET", "/api/v1/users", { token: old.access }), 401, "UNAUTHORIZED");
        expectError(await client().refresh(old.refresh), 401, "UNAUTHORIZED");
        expectError(await client().login(old.email, old.password), 401, "UNAUTHORIZED");
        const login = expectData(await client().login(old.email, password), 200);
        expect(Number(decodeJwt(login.access_token as string).payload.sub)).toBe(id);
        const token = login.access_token as string;
        expectUser(expectData(await client().call("GET", `/api/v1/users/${id}`, { token }), 200), old.email);
        expectError(await client().register(old.email, password), 409, "CONFLICT");
      },
      T,
    );

    test(
      "two concurrent registrations of one e-mail: one 201, one 409",
      async () => {
        const email = uniqueEmail("twin");
        const answers = await Promise.all([client().register(email, PASSWORD), client().register(email, PASSWORD)]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        expectError(answers.find((answer) => answer.status === 409) as HttpAnswer, 409, "CONFLICT");
      },
      T,
    );

    test(
      "a user may change and delete only their own record: 403 FORBIDDEN for another's (existing or not); reading stays open",
      async () => {
        const ada = await client().newSession("ada");
        const bob = await client().newSession("bob");
        const token = ada.access;
        for (const id of [bob.id, admin.id, NO_USER]) {
          const body = { email: uniqueEmail("hijack") };
          expectForbidden(await client().call("PUT", `/api/v1/users/${id}`, { token, body }));
          expectForbidden(await client().call("DELETE", `/api/v1/users/${id}`, { token }));
        }
        expectUser(expectData(await client().call("GET", `/api/v1/users/${bob.id}`, { token }), 200), bob.email);
        const renamed = uniqueEmail("ada-renamed");
        expectUser(
          expectData(await client().call("PUT", `/api/v1/users/${ada.id}`, { token, body: { email: renamed } }), 200),
          renamed,
        );
      },
      T,
    );

    test(
      "an administrator (ADMIN_EMAILS) may change and delete every user; 404 for an unknown one",
      async () => {
        const victim = await client().newSession("managed");
        const token = admin.access;
        const renamed = uniqueEmail("managed-renamed");
        const put = await client().call("PUT", `/api/v1/users/${victim.id}`, { token, body: { email: renamed } });
        expectUser(expectData(put, 200), renamed);
        expectTokenPair(expectData(await client().login(renamed, victim.password), 200));
        expectError(
          await client().call("PUT", `/api/v1/users/${NO_USER}`, { token, body: { email: uniqueEmail("x") } }),
          404,
          "NOT_FOUND",
        );
        expectError(await client().call("DELETE", `/api/v1/users/${NO_USER}`, { token }), 404, "NOT_FOUND");
        expectShape((await client().call("DELETE", `/api/v1/users/${victim.id}`, { token })).json, {
          status: "success",
        });
        target().deletedUserIds.push(victim.id);
        expectError(await client().call("GET", `/api/v1/users/${victim.id}`, { token }), 404, "NOT_FOUND");
        expectError(await client().call("GET", "/api/v1/users", { token: victim.access }), 401, "UNAUTHORIZED");
        expectError(await client().refresh(victim.refresh), 401, "UNAUTHORIZED");
      },
      T,
    );

    test(
      "e-mails are trimmed and lower-cased: Case@x.com, case@x.com and ' CASE@x.com ' are one account",
      async () => {
        const local = uniqueEmail("case").split("@")[0] as string;
        const spellings = [`${local}-Case@Example.com`, `${local}-case@example.com`, ` ${local}-CASE@EXAMPLE.COM `];
        const canonical = `${local}-case@example.com`;
        const created = expectData(await client().register(spellings[0] as string, PASSWORD), 201);
        const id = Number(decodeJwt(created.access_token as string).payload.sub);
        const user = await client().call("GET", `/api/v1/users/${id}`, { token: created.access_token as string });
        expectUser(expectData(user, 200), canonical);
        for (const email of spellings.slice(1)) expectError(await client().register(email, PASSWORD), 409, "CONFLICT");
        for (const email of spellings) expectTokenPair(expectData(await client().login(email, PASSWORD), 200));
        // Taking it over in another spelling through PUT is a conflict too.
        const other = await client().newSession("case-other");
        const put = await client().call("PUT", `/api/v1/users/${other.id}`, {
          token: other.access,
          body: { email: ` ${canonical.toUpperCase()}` },
        });
        expectError(put, 409, "CONFLICT");
      },
      T,
    );
  });
}
