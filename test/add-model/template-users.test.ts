import { describe, expect, test } from "bun:test";
import { templateUserFiles } from "../../src/add-model/render/template-users.ts";

const users = (template: "full" | "minimal") => {
  const files = templateUserFiles([], { template, database: "sqlite" });
  return (name: string) => files.find((file) => file.path === `src/users/${name}`)?.contents ?? "";
};

describe("the template's users, rendered from the sample", () => {
  test("full: password_hash is hidden: stored and set at create, never in User, an input, a body or an update", () => {
    const file = users("full");
    expect(file("users.table.ts")).toContain(`passwordHash: stringColumn("password_hash", 255).notNull(),`);
    expect(file("users.port.ts")).toContain(
      "export interface UserFields {\n  email: string;\n  passwordHash: string;\n}",
    );
    expect(file("users.port.ts")).toContain(`export type UserChanges = Omit<UserFields, "passwordHash">;`);
    expect(file("users.port.ts")).toContain("update(id: number, changes: UserChanges, now: Date)");
    for (const name of ["user.ts", "users.schemas.ts", "users.routes.ts", "user.service.ts"]) {
      expect([name, /password/i.test(file(name))]).toEqual([name, false]);
    }
    expect(file("users.repository.ts")).not.toContain("passwordHash: users.passwordHash");
  });

  test("full: no create route or service create; the update's body is UpdateUser; only the user or an administrator writes", () => {
    const file = users("full");
    expect(file("users.routes.ts")).not.toContain("routes.create(");
    expect(file("user.service.ts")).not.toContain("async create(");
    expect(file("users.schemas.ts")).toContain(`.openapi("UpdateUser");`);
    expect(file("users.routes.ts").match(/mayWriteFor\(c\.get\("principal"\), id\);/g)).toHaveLength(2);
    expect(file("users.routes.ts")).toContain("userSessions.changed(id);");
    expect(file("users.routes.ts")).toContain("await userSessions.deleted(id);");
  });

  test("minimal: the users keep their create route and the shared input", () => {
    const file = users("minimal");
    expect(file("users.routes.ts")).toContain(`routes.create("Create a user", userInputSchema)`);
    expect(file("users.schemas.ts")).toContain(`.openapi("UserInput");`);
    expect(file("users.routes.ts")).not.toContain("mayWriteFor");
  });
});
