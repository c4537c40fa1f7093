import { modules } from "../../src/modules.ts";
import { ConfigError } from "../../src/platform/config.ts";
import { loadConfig } from "../../src/platform/module.ts";

/** The service's configuration from exactly `env`, as the entry point reads it. */
export const serviceConfig = (env: Record<string, string>) => loadConfig(modules, env);

/** The message of the configuration error `env` causes; an accepted `env` fails the test. */
export function configError(env: Record<string, string>): string {
  try {
    serviceConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`the configuration accepted ${JSON.stringify(env)}`);
}
