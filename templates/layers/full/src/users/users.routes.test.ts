import { describe, expect, test } from "bun:test";
import { call, createTestApp, registerUser } from "../../test/support/test-app.ts";

describe("users routes", () => {
  test("require a valid access token; a refresh token does not work as one", async () => {
    const { app } = createTestApp();
    const { refresh_token } = await registerUser(app);
    for (const token of [undefined, "garbage", refresh_token]) {
      const { status, body } = await call(app, "GET", "/api/v1/users", undefined, token);
      expect(status).toBe(401);
      expect(body.error.code).toBe("UNAUTHORIZED");
    }
  });

  test("list and get return users without any password field", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app);
    const list = await call(app, "GET", "/api/v1/users", undefined, access_token);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const one = await call(app, "GET", "/api/v1/users/1", undefined, access_token);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.data).sort()).toEqual(["created_at", "email", "id", "updated_at"]);
    expect(new Date(one.body.data.created_at).toISOString()).toBe(one.body.data.created_at);
  });

  test("404 for an unknown id, 400 for a non-numeric one", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app);
    expect((await call(app, "GET", "/api/v1/users/999", undefined, access_token)).status).toBe(404);
    const bad = await call(app, "GET", "/api/v1/users/abc", undefined, access_token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("id");
  });

  test("PUT changes the e-mail (trimmed, lower-cased); 409 when it is taken, 400 when invalid", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app, "ada@example.com");
    await registerUser(app, "bob@example.com");
    const ok = await call(app, "PUT", "/api/v1/users/1", { email: " Ada@New.example.com " }, access_token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.email).toBe("ada@new.example.com");
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "BOB@example.com" }, access_token)).status).toBe(409);
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "nope" }, access_token)).status).toBe(400);
  });

  test("PUT: an unknown key (a typo, id, role, a password hash) is a 400 naming it; nothing changes", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app, "ada@example.com");
    for (const key of ["emial", "id", "role", "password_hash", "updated_at"]) {
      const body = { email: "grace@example.com", [key]: "x" };
      const refused = await call(app, "PUT", "/api/v1/users/1", body, access_token);
      expect([key, refused.status, refused.body.error.code]).toEqual([key, 400, "VALIDATION_ERROR"]);
      expect(refused.body.error.details).toEqual([{ path: key, message: `Unknown key "${key}"` }]);
    }
    const user = await call(app, "GET", "/api/v1/users/1", undefined, access_token);
    expect(user.body.data.email).toBe("ada@example.com");
  });

  test("DELETE is a soft delete: 200 with a message; the user's refresh tokens are revoked", async () => {
    const { app, users } = createTestApp({ adminEmails: ["admin@example.com"] });
    const { access_token, refresh_token } = await registerUser(app);
    const admin = await registerUser(app, "admin@example.com");
    const deleted = await call(app, "DELETE", "/api/v1/users/1", undefined, access_token);
    expect(deleted).toEqual({ status: 200, body: { status: "success", message: "User 1 deleted" } });
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect((await call(app, "GET", "/api/v1/users/1", undefined, admin.access_token)).status).toBe(404);
    expect((await call(app, "DELETE", "/api/v1/users/1", undefined, admin.access_token)).status).toBe(404);
    expect((await call(app, "POST", "/api/v1/auth/refresh", { refresh_token })).status).toBe(401);
  });

  test("a deleted user's access token is refused (401) on every protected route at once", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app);
    expect((await call(app, "DELETE", "/api/v1/users/1", undefined, access_token)).status).toBe(200);
    for (const [method, path, body] of [
      ["GET", "/api/v1/users", undefined],
      ["GET", "/api/v1/users/1", undefined],
      ["PUT", "/api/v1/users/1", { email: "ada@new.example.com" }],
      ["DELETE", "/api/v1/users/1", undefined],
    ] as const) {
      const { status, body: answer } = await call(app, method, path, body, access_token);
      expect([method, path, status, answer.error?.code]).toEqual([method, path, 401, "UNAUTHORIZED"]);
    }
  });

  test("a user may change and delete only their own record: 403 FORBIDDEN for another's; reading stays open", async () => {
    const { app } = createTestApp();
    const ada = await registerUser(app, "ada@example.com");
    await registerUser(app, "bob@example.com");
    for (const [method, path, body] of [
      ["PUT", "/api/v1/users/2", { email: "mallory@example.com" }],
      ["DELETE", "/api/v1/users/2", undefined],
      ["DELETE", "/api/v1/users/999", undefined],
    ] as const) {
      const answer = await call(app, method, path, body, ada.access_token);
      expect(answer).toEqual({
        status: 403,
        body: { status: "error", error: { code: "FORBIDDEN", message: expect.any(String) } },
      });
    }
    const bob = await call(app, "GET", "/api/v1/users/2", undefined, ada.access_token);
    expect([bob.status, bob.body.data.email]).toEqual([200, "bob@example.com"]);
  });

  test("an administrator (ADMIN_EMAILS, any spelling) may change and delete everyone", async () => {
    const { app } = createTestApp({ adminEmails: ["boss@example.com"] });
    const bob = await registerUser(app, "bob@example.com");
    const boss = await registerUser(app, " Boss@Example.com ");
    const put = await call(app, "PUT", "/api/v1/users/1", { email: "robert@example.com" }, boss.access_token);
    expect([put.status, put.body.data?.email]).toEqual([200, "robert@example.com"]);
    expect((await call(app, "PUT", "/api/v1/users/999", { email: "x@example.com" }, boss.access_token)).status).toBe(
      404,
    );
    expect((await call(app, "DELETE", "/api/v1/users/1", undefined, boss.access_token)).status).toBe(200);
    expect((await call(app, "GET", "/api/v1/users", undefined, bob.access_token)).status).toBe(401);
  });
});
