import { describe, expect, test } from "bun:test";
import { call, createTestApp } from "../../test/support/test-app.ts";

// The users' input beyond what every model's routes test checks: a valid e-mail address, stored normalised and
// unique in any spelling among live users, and a name of at most 100 characters.
describe("users routes: the e-mail and the name", () => {
  test("the e-mail is answered and stored trimmed and lower-cased, on POST and PUT", async () => {
    const { app } = createTestApp();
    const created = await call(app, "POST", "/api/v1/users", { email: " Ada@Example.com ", name: "Ada Lovelace" });
    expect([created.status, created.body.data.email]).toEqual([201, "ada@example.com"]);
    const cleared = await call(app, "PUT", "/api/v1/users/1", { email: " Ada@New.example.com " });
    expect(cleared.body.data).toMatchObject({ email: "ada@new.example.com", name: null });
  });

  test("400 for an invalid e-mail, one too long or none, and for a name over 100 characters", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    const invalid = await call(app, "POST", "/api/v1/users", { email: "nope", name: "x".repeat(101) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("VALIDATION_ERROR");
    expect(invalid.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(["email", "name"]);
    expect((await call(app, "POST", "/api/v1/users", { name: "no e-mail" })).status).toBe(400);
    expect((await call(app, "POST", "/api/v1/users", { email: `${"a".repeat(251)}@x.io` })).status).toBe(400);
    const longest = await call(app, "POST", "/api/v1/users", { email: "b@example.com", name: "x".repeat(100) });
    expect(longest.status).toBe(201);
    expect((await call(app, "PUT", "/api/v1/users/1", { email: "nope" })).status).toBe(400);
  });

  test("409 for an e-mail in use, in any spelling, on POST and PUT", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    await call(app, "POST", "/api/v1/users", { email: "bob@example.com" });
    const conflict = { code: "CONFLICT", message: "E-mail already in use" };
    const taken = await call(app, "POST", "/api/v1/users", { email: "ADA@example.com" });
    expect([taken.status, taken.body.error]).toEqual([409, conflict]);
    const takenOnUpdate = await call(app, "PUT", "/api/v1/users/2", { email: "Ada@Example.com" });
    expect([takenOnUpdate.status, takenOnUpdate.body.error]).toEqual([409, conflict]);
  });

  test("a deleted user's e-mail can be used again, by a new user (like the database's index over live rows)", async () => {
    const { app } = createTestApp();
    await call(app, "POST", "/api/v1/users", { email: "ada@example.com" });
    await call(app, "DELETE", "/api/v1/users/1");
    const again = await call(app, "POST", "/api/v1/users", { email: "Ada@example.com" });
    expect([again.status, again.body.data.id]).toEqual([201, 2]);
    expect((await call(app, "POST", "/api/v1/users", { email: "ada@example.com" })).status).toBe(409);
  });
});
