import { describe, expect, test } from "bun:test";
import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cliEnv, runCli } from "../cli/run-cli.ts";
import { added, snapshot, useProjectFixtures } from "./project-fixture.ts";

const fixtures = useProjectFixtures();

const POST = ["add-model", "Post", "--fields", "title:string:not_null", "--belongs-to", "User"];
const NOTE = ["add-model", "Note", "--fields", "text:string", "--belongs-to", "User"];
const REPOSITORY = "src/users/users.repository.ts";
const GUARD = "src/users/user-children.ts";
const USERS_ROUTES = "src/users/users.routes.ts";
const SDL = "src/users/users.graphql";

const read = (dir: string, path: string) => readFile(join(dir, path), "utf8");
const exists = (dir: string, path: string) =>
  access(join(dir, path)).then(
    () => true,
    () => false,
  );

describe("scaffold add-model --belongs-to User", () => {
  for (const template of ["full", "minimal", "graphql"] as const) {
    test(`${template}: user_id, and the users rendered again with every model of users as their children`, async () => {
      const dir = await fixtures.project(template);
      await added(dir, POST);
      const repository = await read(dir, REPOSITORY);
      // The users' delete checks their children under the user's lock, as any parent's does (no guard file).
      expect(repository).toContain("if (!(await lockLive(tx, users, id))) return false;");
      expect(repository).toContain("still has posts: delete them first`);");
      expect(await exists(dir, GUARD)).toBe(false);
      expect(await read(dir, "src/users/user.service.ts")).toContain("await this.#posts.existsForUser(id)");
      // The users' delete documents the 409.
      if (template === "graphql") {
        const sdl = await read(dir, SDL);
        expect(sdl).toContain(`NOT_FOUND for an unknown or deleted user; CONFLICT while it has posts."\n  deleteUser(`);
        expect(await read(dir, "src/users/user.service.ts")).toContain("getByIds(ids: number[]): Promise<User[]>");
      } else if (template === "full") {
        // Besides the 403 of another user's record.
        expect(await read(dir, USERS_ROUTES)).toContain("  [403, 409],\n);");
      } else {
        expect(await read(dir, USERS_ROUTES)).toContain(`deletion time)", [409]);`);
        const routes = await read(dir, "src/posts/posts.routes.ts");
        expect(routes).toContain(`import { toUserBody, userSchema } from "../users/users.schemas.ts";`);
        expect(routes).not.toContain("mayWriteFor");
      }
      expect(await read(dir, "src/posts/posts.table.ts")).toContain(`import { users } from "../users/users.table.ts";`);
      expect(await read(dir, "src/posts/posts.module.ts")).toContain("users: userRepository(db)");

      const plan = await runCli([...NOTE, "--json"], dir, { env: cliEnv() });
      const changed: string[] = JSON.parse(plan.stdout).change;
      expect(changed).toContain(REPOSITORY);
      await added(dir, NOTE);
      const both = await read(dir, REPOSITORY);
      expect(both).toContain("still has posts: delete them first`);");
      expect(both).toContain("still has notes: delete them first`);");
    });
  }

  test("full: include=user answers the users' public shape, and only the user or an administrator writes", async () => {
    const dir = await fixtures.project("full");
    await added(dir, POST);
    const routes = await read(dir, "src/posts/posts.routes.ts");
    expect(routes).toContain(`import { toUserBody, userSchema } from "../users/users.schemas.ts";`);
    expect(routes).toContain("if (principal.id !== userId && !principal.isAdmin) throw forbidden(");
    expect(routes).toContain(`mayWriteFor(c.get("principal"), userId);`);
    expect(routes.match(/mayWriteFor\(c\.get\("principal"\)/g)?.length).toBe(5);
    expect(await read(dir, "README.md")).toContain("/api/v1/users/{userId}/posts");
  });

  test("a hand-edited users' repository: the relation merged into it, the edit kept", async () => {
    const dir = await fixtures.project("minimal");
    const path = join(dir, REPOSITORY);
    const edited = (await read(dir, REPOSITORY)).replace(
      "const TAKEN = ",
      "// Shown to the client as it is.\nconst TAKEN = ",
    );
    await writeFile(path, edited);
    const result = await runCli([...POST, "--yes"], dir, { env: cliEnv() });
    expect(result.exitCode).toBe(0);
    const repository = await read(dir, REPOSITORY);
    expect(repository).toContain("// Shown to the client as it is.\nconst TAKEN = ");
    expect(repository).toContain("if (!(await lockLive(tx, users, id))) return false;");
    expect(repository).not.toContain("<<<<<<<");
  });

  test("full: the users' routes edited where the relation changes them: markers, exit 1, the file named", async () => {
    const dir = await fixtures.project("full");
    const path = join(dir, USERS_ROUTES);
    const original = await read(dir, USERS_ROUTES);
    await writeFile(path, original.replace("  [403],\n);", "  [403, 422],\n);"));
    const result = await runCli([...POST, "--yes"], dir, { env: cliEnv() });
    // The relation rewrites those lines (the routes' documented errors): both versions, between markers.
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("1 file has conflicts to resolve");
    expect(result.stdout).toContain(USERS_ROUTES);
    const routes = await read(dir, USERS_ROUTES);
    expect(routes).toContain("<<<<<<< yours\n");
    expect(routes).toContain("  [403, 422],\n");
    expect(routes).toContain(">>>>>>> add-model Post\n");
  });

  test("a failure after the users' repository was written restores it", async () => {
    const dir = await fixtures.project("full");
    const before = await snapshot(dir);
    // The model's files are created first, then the users' rendered again (their repository among them).
    for (const after of ["5", "16"]) {
      const result = await runCli([...POST, "--yes"], dir, { env: cliEnv({ SCAFFOLD_ADD_MODEL_FAIL_AFTER: after }) });
      expect(result.exitCode).toBe(1);
      expect(await snapshot(dir)).toEqual(before);
    }
  });
});
