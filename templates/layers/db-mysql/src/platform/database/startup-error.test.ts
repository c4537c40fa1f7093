import { describe, expect, test } from "bun:test";
import { ConfigError } from "../config.ts";
import { startupError } from "./database.ts";

const url = "mysql://app:secret-password@127.0.0.1:3306/shop";
/** An error as mysql2 reports what the server refused. */
const serverError = (errno: number, message: string) => Object.assign(new Error(message), { errno });

describe("MySQL start-up errors", () => {
  test("what the server refuses is one line naming the user, the database and DATABASE_URL, never the password", () => {
    const lines = [
      serverError(1045, "Access denied for user 'app'@'localhost' (using password: YES)"),
      serverError(1049, "Unknown database 'shop'"),
      serverError(1044, "Access denied for user 'app'@'%' to database 'shop'"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:3306"), { code: "ECONNREFUSED" }),
      // A failed migration: Drizzle's error, with mysql2's as its cause.
      new Error("Failed query: create table", {
        cause: serverError(1142, "CREATE command denied to user 'app'@'localhost' for table `shop`.`t`"),
      }),
    ].map((error) => startupError(error, url));
    expect(lines.map((line) => (line as ConfigError).message)).toEqual([
      'Database access denied for user "app" at 127.0.0.1:3306: check the user and password in DATABASE_URL',
      'Database "shop" does not exist at 127.0.0.1:3306 and user "app" may not create it: create it, or set DATABASE_URL to one that exists',
      'User "app" may not use database "shop" at 127.0.0.1:3306, nor create it: grant it access, or set DATABASE_URL to another database',
      "No database server answers at 127.0.0.1:3306 (connection refused): start it, or check the host and port in DATABASE_URL",
      "User \"app\" lacks a privilege on database \"shop\" at 127.0.0.1:3306 (CREATE command denied to user 'app'@'localhost' for table `shop`.`t`): grant it, or set DATABASE_URL to a database that user owns",
    ]);
    for (const line of lines) expect(line).toBeInstanceOf(ConfigError);
  });

  test("any other error is a bug, not configuration: it stays as it is", () => {
    const error = serverError(1064, "You have an error in your SQL syntax");
    expect(startupError(error, url)).toBe(error);
  });
});
