import { describe, expect, test } from "bun:test";
import { ConfigError } from "../config.ts";
import {
  DatabaseTimeoutError,
  databaseServer,
  driverError,
  isUnavailableError,
  unreachableServerError,
} from "./database-errors.ts";

const server = databaseServer("mysql://app:secret-password@db.example.com/app", 3306);

describe("database start-up errors", () => {
  test("a server URL is named by user, host and port, never by its password", () => {
    expect(server).toEqual({ address: "db.example.com:3306", host: "db.example.com", user: "app", database: "app" });
    expect(databaseServer("postgres://a%40b@127.0.0.1:6543/my%20db", 5432)).toMatchObject({
      address: "127.0.0.1:6543",
      user: "a@b",
      database: "my db",
    });
  });

  test("each way a server cannot be reached is one line naming DATABASE_URL", () => {
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "CONNECT_TIMEOUT", "EHOSTUNREACH"]) {
      const error = unreachableServerError(Object.assign(new Error("connect failed"), { code }), server);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error?.message).toContain("DATABASE_URL");
      expect(error?.message).not.toContain("\n");
    }
    expect(unreachableServerError({ code: "ENOTFOUND" }, server)?.message).toBe(
      'Database host "db.example.com" not found: check the host in DATABASE_URL',
    );
  });

  test("any other error is not the configuration's: left as it is", () => {
    expect(unreachableServerError(new Error("syntax error"), server)).toBeUndefined();
    expect(unreachableServerError({ code: "ER_PARSE_ERROR" }, server)).toBeUndefined();
    expect(unreachableServerError(undefined, server)).toBeUndefined();
  });

  test("the driver's error is found behind Drizzle's, which carries it as its cause", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(driverError(new Error("Failed query: select 1", { cause: refused }))).toBe(refused);
    expect(driverError(refused)).toBe(refused);
    const plain = new Error("no driver error behind this one");
    expect(driverError(plain)).toBe(plain);
  });
});

describe("a database that does not answer", () => {
  const withCode = (code: unknown) => Object.assign(new Error("failed"), { code });
  /** As Drizzle reports a failed statement: its own error, the driver's as its cause. */
  const failedQuery = (cause: Error) => new Error("Failed query: select 1", { cause });
  const serverCodes = new Set<unknown>(["CONNECTION_CLOSED", 2013]);

  test("a broken or refused connection, a timeout, or one of the driver's codes, also behind Drizzle's error", () => {
    for (const error of [
      withCode("ECONNREFUSED"),
      withCode("ECONNRESET"),
      new DatabaseTimeoutError(2_000),
      failedQuery(withCode("CONNECTION_CLOSED")),
      failedQuery(Object.assign(new Error("lost"), { errno: 2013 })),
    ]) {
      expect(isUnavailableError(error, serverCodes)).toBe(true);
    }
  });

  test("what the server refuses to do is not unavailability (the request gets its usual answer)", () => {
    for (const error of [
      withCode("23505"),
      failedQuery(Object.assign(new Error("syntax"), { errno: 1064 })),
      new Error("bug"),
      undefined,
    ]) {
      expect(isUnavailableError(error, serverCodes)).toBe(false);
    }
  });

  test("a timeout names its bound", () => {
    expect(new DatabaseTimeoutError(1_500).message).toBe("The database did not answer within 1500 ms");
  });
});
