import { describe, expect, test } from "bun:test";
import { ConfigError } from "../config.ts";
import { databaseServer, driverError, unreachableServerError } from "./database-errors.ts";

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
