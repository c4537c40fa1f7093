import { z } from "zod";
import { defaultDatabaseUrl } from "./database-url.ts";
import { packageInfo } from "./package-info.ts";

/** Settings every service has; templates extend this shape in `app-config.ts`. */
export const baseConfigShape = {
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** `production` -> JSON logs at info; `development` -> readable logs at debug and stack traces in 500s. */
  APP_ENV: z.string().min(1).default("production"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  SERVICE_NAME: z.string().min(1).default(packageInfo.name),
  DATABASE_URL: z.string().min(1).default(defaultDatabaseUrl),
  /** How long a graceful shutdown may wait for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates the environment; the error names every bad variable on its own line. */
export function parseConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined>,
): z.infer<z.ZodObject<Shape>> {
  // Empty variables count as unset, so `PORT=` in .env falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = z.object(shape).safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
