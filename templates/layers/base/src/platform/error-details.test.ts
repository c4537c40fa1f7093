import { describe, expect, test } from "bun:test";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { developmentDetails } from "./error-details.ts";

describe("developmentDetails", () => {
  test("shows an error's message and stack", () => {
    const error = new Error("disk on fire");
    expect(developmentDetails(error)).toEqual({ message: "disk on fire", stack: error.stack });
  });

  test("shows a failed query's statement and the driver's message, never its parameters", () => {
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "name") values ($1, $2)',
      ["a@b.co", "x\0y"],
      cause,
    );
    const details = developmentDetails(error);
    expect(details.message).toBe(
      `Failed query: insert into "users" ("email", "name") values ($1, $2)\n${cause.message}`,
    );
    expect(details.stack).toStartWith(details.message);
    expect(details.stack).toMatch(/\n\s+at /);
    expect(JSON.stringify(details)).not.toMatch(/a@b\.co|params/);
  });
});
