import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/infrastructure/app-config.ts";
import { ConfigError } from "../../src/infrastructure/config.ts";
import { loadEnvFile } from "../../src/infrastructure/env-file.ts";

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
});
