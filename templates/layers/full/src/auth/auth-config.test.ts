import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configError, serviceConfig as loadConfig } from "../../test/support/service-config.ts";
import { ConfigError } from "../platform/config.ts";
import { loadEnvFile } from "../platform/env-file.ts";
import { developmentJwtSecret } from "./development-secret.ts";

const secret = "a-development-secret-of-32-bytes!";

describe("configuration", () => {
  test("defaults apply and empty variables count as unset", () => {
    const config = loadConfig({ JWT_SECRET: secret, PORT: "" });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeString();
  });

  test("every bad variable is named in one clear error", () => {
    const error = (() => {
      try {
        loadConfig({ PORT: "eighty", JWT_SECRET: "short" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("PORT:");
    expect((error as Error).message).toContain("JWT_SECRET: must be at least 32 bytes long");
  });

  test("a missing JWT_SECRET is refused", () => {
    expect(() => loadConfig({})).toThrow(/JWT_SECRET: is required/);
  });

  test("ADMIN_EMAILS: comma-separated, trimmed and lower-cased; none by default; a non-e-mail is refused", () => {
    expect(loadConfig({ JWT_SECRET: secret }).ADMIN_EMAILS).toEqual([]);
    const config = loadConfig({ JWT_SECRET: secret, ADMIN_EMAILS: " Ada@Example.com, ,bob@example.com " });
    expect(config.ADMIN_EMAILS).toEqual(["ada@example.com", "bob@example.com"]);
    expect(() => loadConfig({ JWT_SECRET: secret, ADMIN_EMAILS: "ada@example.com;bob" })).toThrow(/ADMIN_EMAILS/);
  });

  test(".env values never override the real environment", () => {
    const file = join(mkdtempSync(join(tmpdir(), "env-")), ".env");
    writeFileSync(file, 'PORT=1234\nAPP_ENV="staging" \n# comment\nEXTRA=value # trailing comment\n');
    const env: Record<string, string | undefined> = { PORT: "9999" };
    loadEnvFile(file, env);
    expect(env).toEqual({ PORT: "9999", APP_ENV: "staging", EXTRA: "value" });
  });

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
});
