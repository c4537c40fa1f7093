import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../config.ts";
import { openDatabase, startupError } from "./database.ts";

const url = "postgres://app:secret-password@127.0.0.1:5432/shop";
/** An error as postgres.js reports what the server refused (its SQLSTATE). */
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("PostgreSQL start-up errors", () => {
  test("what the server refuses is one line naming the user, the database and DATABASE_URL, never the password", () => {
    const lines = [
      serverError("28P01", 'password authentication failed for user "app"'),
      serverError("28000", 'role "app" does not exist'),
      serverError("3D000", 'database "shop" does not exist'),
      serverError("CONNECT_TIMEOUT", "write CONNECT_TIMEOUT 127.0.0.1:5432"),
      // A failed migration: Drizzle's error, with postgres.js's as its cause.
      new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"', {
        cause: serverError("42501", "permission denied for database shop"),
      }),
    ].map((error) => startupError(error, url));
    expect(lines.map((line) => (line as ConfigError).message)).toEqual([
      'Database access denied for user "app" at 127.0.0.1:5432: check the user and password in DATABASE_URL',
      'Database access denied for user "app" at 127.0.0.1:5432 (role "app" does not exist): check the user and password in DATABASE_URL',
      'Database "shop" does not exist at 127.0.0.1:5432 and user "app" may not create it: create it, or set DATABASE_URL to one that exists',
      "No database server answered at 127.0.0.1:5432 within DATABASE_CONNECT_TIMEOUT_MS: check the host and port in DATABASE_URL",
      'User "app" lacks a privilege on database "shop" at 127.0.0.1:5432 (permission denied for database shop): grant it, or set DATABASE_URL to a database that user owns',
    ]);
    for (const line of lines) expect(line).toBeInstanceOf(ConfigError);
  });

  test("any other error is a bug, not configuration: it stays as it is", () => {
    const error = serverError("42601", 'syntax error at or near "selec"');
    expect(startupError(error, url)).toBe(error);
  });

  test("a PGlite folder that cannot be made is one line naming it", async () => {
    const file = join(tmpdir(), `pglite-not-a-folder-${process.pid}`);
    writeFileSync(file, "");
    const error = await openDatabase(`pglite:${file}/data`).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toStartWith(`Cannot open the PGlite database in "${file}/data" (`);
    expect((error as ConfigError).message).not.toContain("\n");
  });
});
