import { describe, expect, test } from "bun:test";
import { createTestApp, graphql, type Json } from "../../test/support/test-app.ts";

const USER_FIELDS = "id email name createdAt updatedAt";
const CREATE = `mutation ($input: CreateUserInput!) { createUser(input: $input) { ${USER_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { ${USER_FIELDS} } }`;

const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

// The users' API beyond what every model's GraphQL test checks (users.graphql.test.ts): the e-mail stored normalised
// and unique in any spelling, a name of at most 100 characters, the pages' bounds, and what GraphQL itself refuses.
describe("users over GraphQL: the e-mail, the name and the arguments", () => {
  test("createUser returns the user: an ID, the e-mail trimmed and lower-cased, a missing name null, Time in UTC", async () => {
    const { app } = createTestApp();
    const { status, body } = await graphql(app, CREATE, { input: { email: " Ada@Example.com ", name: "Ada" } });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        createUser: {
          id: "1",
          email: "ada@example.com",
          name: "Ada",
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          updatedAt: expect.any(String),
        },
      },
    });
    const noName = await graphql(app, CREATE, { input: { email: "bob@example.com" } });
    expect(noName.body.data.createUser.name).toBeNull();
  });

  test("users pages oldest first: limit (default 50, at most 100) and offset; out of range is BAD_USER_INPUT", async () => {
    const { app } = createTestApp();
    for (const n of [1, 2, 3]) await graphql(app, CREATE, { input: { email: `u${n}@example.com` } });
    const all = await graphql(app, "{ users { email } }");
    expect(all.body.data.users.map((u: Json) => u.email)).toEqual([
      "u1@example.com",
      "u2@example.com",
      "u3@example.com",
    ]);
    const page = await graphql(app, "{ users(limit: 1, offset: 1) { email } }");
    expect(page.body.data.users).toEqual([{ email: "u2@example.com" }]);
    for (const [args, field] of [
      ["limit: -1", "limit"],
      ["limit: 0", "limit"],
      ["limit: 101", "limit"],
      ["offset: -5", "offset"],
    ]) {
      const { body } = await graphql(app, `{ users(${args}) { id } }`);
      expect(codes(body)).toEqual(["BAD_USER_INPUT"]);
      expect(body.errors[0].extensions.fields.map((f: Json) => f.field)).toEqual([field]);
    }
    expect((await graphql(app, "{ users(limit: 100) { id } }")).body.data.users).toHaveLength(3);
  });

  test("invalid input is BAD_USER_INPUT listing every offending field; nothing is stored", async () => {
    const { app, users } = createTestApp();
    const { status, body } = await graphql(app, CREATE, { input: { email: "nope", name: "x".repeat(101) } });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(codes(body)).toEqual(["BAD_USER_INPUT"]);
    expect(body.errors[0].extensions.fields.map((f: Json) => f.field).sort()).toEqual(["input.email", "input.name"]);
    const tooLong = await graphql(app, CREATE, { input: { email: `${"a".repeat(251)}@x.io` } });
    expect(codes(tooLong.body)).toEqual(["BAD_USER_INPUT"]);
    // One message for every way of missing the range.
    for (const id of ["abc", "0", "-1", "2147483648", "99999999999"]) {
      const badId = await graphql(app, `{ user(id: "${id}") { id } }`);
      expect([id, badId.body.errors[0].extensions]).toEqual([
        id,
        { code: "BAD_USER_INPUT", fields: [{ field: "id", message: "must be an integer from 1 to 2147483647" }] },
      ]);
    }
    expect(users.rows).toEqual([]);
  });

  test("a missing required argument or a wrong type is refused before any resolver runs", async () => {
    const { app, users } = createTestApp();
    const missing = await graphql(app, CREATE, { input: { name: "no e-mail" } });
    expect(missing.body.data).toBeUndefined();
    expect(codes(missing.body)).toEqual(["BAD_USER_INPUT"]);
    expect(missing.body.errors[0].message).toContain("email");
    const wrongType = await graphql(app, '{ users(limit: "ten") { id } }');
    expect(wrongType.status).toBe(400);
    expect(users.rows).toEqual([]);
  });

  test("an unknown input field (a typo, id, a timestamp) is refused by GraphQL itself, naming it; nothing is stored", async () => {
    const { app, users } = createTestApp();
    for (const key of ["nmae", "id", "createdAt"]) {
      const variable = await graphql(app, CREATE, { input: { email: "ada@example.com", [key]: "x" } });
      expect([key, codes(variable.body)]).toEqual([key, ["BAD_USER_INPUT"]]);
      expect(variable.body.errors[0].message).toContain(`"${key}"`);
      const literal = `{ email: "a@example.com", ${key}: "x" }`;
      const inline = await graphql(app, `mutation { createUser(input: ${literal}) { id } }`);
      expect([key, inline.status]).toEqual([key, 400]);
      expect(inline.body.errors[0].message).toContain(`"${key}"`);
    }
    expect(users.rows).toEqual([]);
  });

  test("a taken e-mail is CONFLICT, on create and on update, in any spelling", async () => {
    const { app } = createTestApp();
    await graphql(app, CREATE, { input: { email: "ada@example.com" } });
    await graphql(app, CREATE, { input: { email: "bob@example.com" } });
    const taken = await graphql(app, CREATE, { input: { email: "ADA@example.com" } });
    expect(codes(taken.body)).toEqual(["CONFLICT"]);
    expect(taken.body.errors[0].path).toEqual(["createUser"]);
    const onUpdate = await graphql(app, UPDATE, { id: "2", input: { email: "ada@example.com" } });
    expect(codes(onUpdate.body)).toEqual(["CONFLICT"]);
  });

  test("updateUser replaces the e-mail and the name (a name left out becomes null); NOT_FOUND when unknown", async () => {
    const { app } = createTestApp();
    const created = await graphql(app, CREATE, { input: { email: "ada@example.com", name: "Ada" } });
    await Bun.sleep(2);
    const updated = await graphql(app, UPDATE, { id: "1", input: { email: "Ada.L@example.com" } });
    const user = updated.body.data.updateUser;
    expect(user).toMatchObject({ id: "1", email: "ada.l@example.com", name: null });
    expect(user.createdAt).toBe(created.body.data.createUser.createdAt);
    expect(Date.parse(user.updatedAt)).toBeGreaterThan(Date.parse(user.createdAt));
    const unknown = await graphql(app, UPDATE, { id: "9", input: { email: "x@example.com" } });
    expect(codes(unknown.body)).toEqual(["NOT_FOUND"]);
    expect(unknown.body.data).toBeNull();
  });

  test("deleteUser soft-deletes (true; the row keeps its deletion time) and is NOT_FOUND the second time", async () => {
    const { app, users } = createTestApp();
    await graphql(app, CREATE, { input: { email: "ada@example.com" } });
    expect((await graphql(app, `mutation { deleteUser(id: "1") }`)).body).toEqual({ data: { deleteUser: true } });
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    const again = await graphql(app, `mutation { deleteUser(id: "1") }`);
    expect(codes(again.body)).toEqual(["NOT_FOUND"]);
    expect((await graphql(app, "{ users { id } }")).body.data.users).toEqual([]);
  });
});
