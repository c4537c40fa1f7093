import { z } from "zod";
import { defaultDatabaseOptions } from "./database/database-options.ts";
import { databaseUrlSchema, defaultDatabaseUrl } from "./database/database-url.ts";
import { packageInfo } from "./package-info.ts";

/** 1 MiB: far more than any JSON body of the API, far less than what would strain the service. */
export const defaultBodyLimitBytes = 1_048_576;

/**
 * A whole number from `min` to `max` (no upper bound by default): every way of missing it (`PORT=abc`, `1.5`, `-1`)
 * gets the one message that states it, never zod's "received NaN".
 */
export function envInteger(min: number, max?: number) {
  const error =
    max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const integer = z.coerce.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? integer : integer.max(max, { error });
}

/** Settings every service has; modules add theirs (`config` of src/platform/module.ts). */
export const baseConfigShape = {
  PORT: envInteger(0, 65_535).default(8080),
  /** `production` -> JSON logs at info; `development` -> readable logs at debug and stack traces in 500s. */
  APP_ENV: z.string().min(1).default("production"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  SERVICE_NAME: z.string().min(1).default(packageInfo.name),
  /** Checked per database layer: another database's URL is refused here, before anything is opened or created. */
  DATABASE_URL: databaseUrlSchema.default(defaultDatabaseUrl),
  /** Connections per instance to a database server (PostgreSQL, MySQL); replicas x this must fit the server. */
  DATABASE_POOL_MAX: envInteger(1).default(defaultDatabaseOptions.poolMax),
  /** How long connecting to a database server may take. */
  DATABASE_CONNECT_TIMEOUT_MS: envInteger(1).default(defaultDatabaseOptions.connectTimeoutMs),
  /** How long a statement may take (SQLite: wait for another process's lock) before the request is answered 503. */
  DATABASE_QUERY_TIMEOUT_MS: envInteger(1).default(defaultDatabaseOptions.queryTimeoutMs),
  /**
   * Whether the service applies pending migrations before it listens (concurrent instances take turns under a lock);
   * `false` when the deployment runs `npm run db:migrate` once instead (a Kubernetes Job, a release step).
   */
  MIGRATE_ON_START: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Largest request body read; a larger one is answered 413 before it is parsed. */
  BODY_LIMIT_BYTES: envInteger(1).default(defaultBodyLimitBytes),
  /** After SIGTERM, how long the service keeps serving (readiness already 503) before it stops accepting connections. */
  SHUTDOWN_DELAY_MS: envInteger(0).default(0),
  /** How long a graceful shutdown may wait for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: envInteger(1).default(10_000),
};

export type BaseConfig = z.infer<z.ZodObject<typeof baseConfigShape>>;

/** A check across settings (the shape checks each on its own): the variable to blame and why, or nothing. */
export type ConfigRule<Config> = (config: Config) => { variable: string; message: string } | undefined;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Validates the environment; the error names every bad variable: on one line when there is one (what a start-up
 * failure prints), else one line each.
 */
export function parseConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined>,
  rules: ConfigRule<z.infer<z.ZodObject<Shape>>>[] = [],
): z.infer<z.ZodObject<Shape>> {
  // Empty variables count as unset, so `PORT=` in .env falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = z.object(shape).safeParse(present);
  const problems = result.success
    ? rules.flatMap((rule) => rule(result.data) ?? [])
    : result.error.issues.map((issue) => ({ variable: issue.path.join("."), message: issue.message }));
  if (result.success && problems.length === 0) return result.data;
  const lines = problems.map(({ variable, message }) => `${variable}: ${message}`);
  if (lines.length === 1) throw new ConfigError(`Invalid configuration: ${lines[0]}`);
  throw new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join("\n")}`);
}
