import { describe, expect, test } from "bun:test";
import { acceptedDatabaseUrls, foreignDatabaseUrls } from "../../test/support/database-urls.ts";
import { serviceConfig, configError as serviceConfigError } from "../../test/support/service-config.ts";
import { templateEnv } from "../../test/support/template-env.ts";

// The service's configuration from `env` on top of what the template needs.
const loadConfig = (env: Record<string, string>) => serviceConfig({ ...templateEnv, ...env });
const configError = (env: Record<string, string>) => serviceConfigError({ ...templateEnv, ...env });

describe("start-up configuration", () => {
  test("BODY_LIMIT_BYTES: 1 MB by default, settable, a positive whole number", () => {
    expect(loadConfig({}).BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(loadConfig({ BODY_LIMIT_BYTES: "2048" }).BODY_LIMIT_BYTES).toBe(2048);
    for (const bad of ["0", "-1", "1.5", "lots"]) {
      expect(configError({ BODY_LIMIT_BYTES: bad })).toContain("BODY_LIMIT_BYTES");
    }
  });

  test("PORT and every whole-number setting: one message stating the range, whatever the wrong value", () => {
    expect(loadConfig({ PORT: "3000" }).PORT).toBe(3000);
    for (const bad of ["abc", "1.5", "-1", "65536"]) {
      expect([bad, configError({ PORT: bad })]).toEqual([
        bad,
        "Invalid configuration: PORT: must be a whole number from 0 to 65535",
      ]);
    }
    expect(configError({ SHUTDOWN_TIMEOUT_MS: "soon" })).toBe(
      "Invalid configuration: SHUTDOWN_TIMEOUT_MS: must be a whole number of at least 1",
    );
  });

  test("MIGRATE_ON_START: on by default, `false` turns it off, anything else is a configuration error", () => {
    expect(loadConfig({}).MIGRATE_ON_START).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: "true" }).MIGRATE_ON_START).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: "false" }).MIGRATE_ON_START).toBe(false);
    for (const bad of ["no", "0", "FALSE"]) {
      expect(configError({ MIGRATE_ON_START: bad })).toContain("MIGRATE_ON_START");
    }
  });

  test("DATABASE_URL: every accepted form is taken, another database's URL is a configuration error", () => {
    for (const url of acceptedDatabaseUrls) {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
    for (const url of foreignDatabaseUrls) {
      const message = configError({ DATABASE_URL: url });
      expect(message).toStartWith("Invalid configuration: DATABASE_URL: ");
      // Only the scheme is repeated: the rest of a URL may hold a password.
      expect(message).not.toContain("secret-password");
    }
  });
});
