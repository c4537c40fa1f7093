import { describe, expect, test } from "bun:test";
import { call, createTestApp, type Json } from "../../test/support/test-app.ts";

describe("users routes", () => {
  test("POST creates a user: 201, the envelope and a Location header; the e-mail trimmed and lower-cased", async () => {
    const { app } = createTestApp();
    const response = await app.request("/api/v1/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: " Ada@Example.com ", name: "Ada Lovelace" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/api/v1/users/1");
    const body: Json = await response.json();
    expect(body).toEqual({
      status: "success",
      data: {
        id: 1,
        email: "ada@example.com",
        name: "Ada Lovelace",
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
    const noName = await call(app, "POST", "/api/v1/users", { email: "bob@example.com" });
    expect([noName.status, noName.body.data.name]).toEqual([201, null]);
  });

  test("POST and PUT: 400 with the offending fields, 409 for an e-mail in use (any spelling)", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    await call(app, "POST", "/api/v1/users", { email: "bob@example.com" });
    const invalid = await call(app, "POST", "/api/v1/users", { email: "nope", name: "x".repeat(101) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("VALIDATION_ERROR");
    expect(invalid.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(["email", "name"]);
    expect((await call(app, "POST", "/api/v1/users", { name: "no e-mail" })).status).toBe(400);
    expect((await call(app, "POST", "/api/v1/users", { email: `${"a".repeat(251)}@x.io` })).status).toBe(400);
    const taken = await call(app, "POST", "/api/v1/users", { email: "ADA@example.com" });
    expect([taken.status, taken.body.error.code]).toEqual([409, "CONFLICT"]);
    const takenOnUpdate = await call(app, "PUT", "/api/v1/users/2", { email: "Ada@Example.com" });
    expect([takenOnUpdate.status, takenOnUpdate.body.error.code]).toEqual([409, "CONFLICT"]);
    expect((await call(app, "PUT", "/api/v1/users/2", { email: "nope" })).status).toBe(400);
  });

  test("POST and PUT: an unknown key (a typo, id, a timestamp) is a 400 naming it; nothing changes", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com", name: "Ada" });
    for (const [method, path] of [
      ["POST", "/api/v1/users"],
      ["PUT", "/api/v1/users/1"],
    ] as const) {
      for (const key of ["nmae", "id", "created_at"]) {
        const { status, body } = await call(app, method, path, { email: "grace@example.com", [key]: 7 });
        expect([method, key, status, body.error.code]).toEqual([method, key, 400, "VALIDATION_ERROR"]);
        expect(body.error.details).toEqual([{ path: key, message: `Unknown key "${key}"` }]);
      }
    }
    const list = await call(app, "GET", "/api/v1/users");
    expect(list.body.data).toEqual([expect.objectContaining({ id: 1, email: "ada@example.com", name: "Ada" })]);
  });

  test("list pages with limit and offset; 400 outside their bounds", async () => {
    const { app } = createTestApp();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await call(app, "POST", "/api/v1/users", { email });
    }
    const all = await call(app, "GET", "/api/v1/users");
    expect(all.body.data.map((user: { email: string }) => user.email)).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
    ]);
    const page = await call(app, "GET", "/api/v1/users?limit=1&offset=1");
    expect(page.body.data.map((user: { id: number }) => user.id)).toEqual([2]);
    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"]) {
      const bad = await call(app, "GET", `/api/v1/users?${query}`);
      expect([query, bad.status]).toEqual([query, 400]);
    }
  });

  test("GET by id; 404 for an unknown id, 400 for a non-numeric one", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    const one = await call(app, "GET", "/api/v1/users/1");
    expect(Object.keys(one.body.data).sort()).toEqual(["created_at", "email", "id", "name", "updated_at"]);
    expect(await call(app, "GET", "/api/v1/users/999")).toEqual({
      status: 404,
      body: { status: "error", error: { code: "NOT_FOUND", message: "User 999 not found" } },
    });
    const bad = await call(app, "GET", "/api/v1/users/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("id");
  });

  test("PUT replaces the e-mail and the name: a missing name becomes null; 404 for an unknown id", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com", name: "Ada" });
    const renamed = await call(app, "PUT", "/api/v1/users/1", { email: "ada@example.com", name: "Countess" });
    expect([renamed.status, renamed.body.data.name]).toEqual([200, "Countess"]);
    const cleared = await call(app, "PUT", "/api/v1/users/1", { email: " Ada@New.example.com " });
    expect(cleared.body.data).toMatchObject({ email: "ada@new.example.com", name: null });
    expect((await call(app, "PUT", "/api/v1/users/999", { email: "x@example.com" })).status).toBe(404);
  });

  test("DELETE is a soft delete: 200 with a message, then 404 for the user", async () => {
    const { app, users } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    const deleted = await call(app, "DELETE", "/api/v1/users/1");
    expect(deleted).toEqual({ status: 200, body: { status: "success", message: "User 1 deleted" } });
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect((await call(app, "GET", "/api/v1/users/1")).status).toBe(404);
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "ada@example.com" })).status).toBe(404);
    expect((await call(app, "DELETE", "/api/v1/users/1")).status).toBe(404);
    expect((await call(app, "GET", "/api/v1/users")).body.data).toEqual([]);
  });
});
