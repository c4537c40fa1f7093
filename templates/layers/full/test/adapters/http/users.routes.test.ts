import { describe, expect, test } from "bun:test";
import { call, createTestApp, registerUser } from "../../support/test-app.ts";

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

  test("PUT changes the e-mail; 409 when it is taken, 400 when invalid", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app, "ada@example.com");
    await registerUser(app, "bob@example.com");
    const ok = await call(app, "PUT", "/api/v1/users/1", { email: "ada@new.example.com" }, access_token);
    expect(ok.status).toBe(200);
    expect(ok.body.data.email).toBe("ada@new.example.com");
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "bob@example.com" }, access_token)).status).toBe(409);
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "nope" }, access_token)).status).toBe(400);
  });

  test("DELETE is a soft delete: 200 with a message, then 404, and the user's refresh tokens are revoked", async () => {
    const { app, users } = createTestApp();
    const { access_token, refresh_token } = await registerUser(app);
    const deleted = await call(app, "DELETE", "/api/v1/users/1", undefined, access_token);
    expect(deleted).toEqual({ status: 200, body: { status: "success", message: "User 1 deleted" } });
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect((await call(app, "GET", "/api/v1/users/1", undefined, access_token)).status).toBe(404);
    expect((await call(app, "DELETE", "/api/v1/users/1", undefined, access_token)).status).toBe(404);
    expect((await call(app, "POST", "/api/v1/auth/refresh", { refresh_token })).status).toBe(401);
  });
});
