import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { loadConfig } from "../../src/infrastructure/app-config.ts";
import { ConfigError } from "../../src/infrastructure/config.ts";
import { developmentJwtSecret } from "../../src/infrastructure/development-secret.ts";
import { acceptedDatabaseUrls, foreignDatabaseUrls } from "../support/database-urls.ts";

const secret = "a-random-production-secret-of-32-bytes-or-more";

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("start-up configuration", () => {
  test(".env.example ships exactly the development secret the service knows", () => {
    const line = readFileSync(".env.example", "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("JWT_SECRET="));
    expect(line).toBe(`JWT_SECRET=${developmentJwtSecret}`);
  });

  test("APP_ENV=production refuses the development secret, in one line naming JWT_SECRET", () => {
    const message = configError({ APP_ENV: "production", JWT_SECRET: developmentJwtSecret });
    expect(message).toStartWith("Invalid configuration: JWT_SECRET: ");
    expect(message).toContain("development");
    expect(message).not.toContain("\n");
  });

  test("the development secret still works outside production; production takes a real secret", () => {
    expect(loadConfig({ APP_ENV: "development", JWT_SECRET: developmentJwtSecret }).JWT_SECRET).toBe(
      developmentJwtSecret,
    );
    expect(loadConfig({ APP_ENV: "production", JWT_SECRET: secret }).APP_ENV).toBe("production");
    expect(configError({ APP_ENV: "production", JWT_SECRET: "x".repeat(31) })).toContain("JWT_SECRET");
  });

  test("BODY_LIMIT_BYTES: 1 MB by default, settable, a positive whole number", () => {
    expect(loadConfig({ JWT_SECRET: secret }).BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(loadConfig({ JWT_SECRET: secret, BODY_LIMIT_BYTES: "2048" }).BODY_LIMIT_BYTES).toBe(2048);
    for (const bad of ["0", "-1", "1.5", "lots"]) {
      expect(configError({ JWT_SECRET: secret, BODY_LIMIT_BYTES: bad })).toContain("BODY_LIMIT_BYTES");
    }
  });

  test("DATABASE_URL: every accepted form is taken, another database's URL is a configuration error", () => {
    for (const url of acceptedDatabaseUrls) {
      expect(loadConfig({ JWT_SECRET: secret, DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const url of foreignDatabaseUrls) {
      const message = configError({ JWT_SECRET: secret, DATABASE_URL: url });
      expect(message).toStartWith("Invalid configuration: DATABASE_URL: ");
      // Only the scheme is repeated: the rest of a URL may hold a password.
      expect(message).not.toContain("secret-password");
    }
  });
});
