import { afterAll, expect, spyOn, test } from "bun:test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { ConfigError } from "../config.ts";
import { openDatabase } from "./database.ts";

const handle = await openDatabase(":memory:");
afterAll(() => handle.close());

test("each distinct SQL text is compiled once and then reused, with the values of each call", async () => {
  const prepare = spyOn(DatabaseSync.prototype, "prepare");
  try {
    const read = (value: number) => handle.db.all<[number, string]>(sql`select ${value} + 1, 'x'`);
    expect(await read(1)).toEqual([[2, "x"]]);
    expect(await read(41)).toEqual([[42, "x"]]);
    expect(await handle.db.get<[number]>(sql`select ${6} * 7`)).toEqual([42]);
    expect(await handle.db.get<[number]>(sql`select ${6} * 7`)).toEqual([42]);
    expect(prepare.mock.calls.map(([text]) => text)).toEqual(["select ? + 1, 'x'", "select ? * 7"]);
  } finally {
    prepare.mockRestore();
  }
});

test("a path the database file cannot be at is one line naming it (main prints it alone)", async () => {
  // A folder where the file should be; a file where a folder should be.
  for (const path of [tmpdir(), join(fileURLToPath(import.meta.url), "app.sqlite")]) {
    const error = await openDatabase(`file:${path}`).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toStartWith(`Cannot open the SQLite database "${path}" (`);
    expect((error as ConfigError).message).not.toContain("\n");
  }
});
