import { ConfigError } from "../config.ts";

/**
 * Start-up failures that are the configuration's doing (a wrong password, a server that is not running, a database
 * that cannot be created): one line each that names DATABASE_URL and what to change, never the password (main.ts
 * prints a ConfigError's message alone). The layers of the server databases (PostgreSQL, MySQL) map their drivers'
 * errors onto these.
 */
export interface DatabaseServer {
  /** `host:port`, as the lines name it. */
  address: string;
  host: string;
  user: string;
  database: string;
}

/** The parts of a server URL the start-up lines may name: never its password. */
export function databaseServer(url: string, defaultPort: number): DatabaseServer {
  const { hostname, port, username, pathname } = new URL(url);
  return {
    address: `${hostname}:${port || defaultPort}`,
    host: hostname,
    user: decodeURIComponent(username),
    database: decodeURIComponent(pathname.slice(1)),
  };
}

/**
 * A socket that could not be opened, by Node.js's error code (Bun and Deno report the same codes through node:net;
 * `CONNECT_TIMEOUT` is postgres.js's own): the line for it, or undefined for any other error.
 */
export function unreachableServerError(error: unknown, server: DatabaseServer): ConfigError | undefined {
  const { code } = (error ?? {}) as { code?: unknown };
  switch (code) {
    case "ECONNREFUSED":
      return new ConfigError(
        `No database server answers at ${server.address} (connection refused): start it, or check the host and port in DATABASE_URL`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ConfigError(`Database host "${server.host}" not found: check the host in DATABASE_URL`);
    case "ETIMEDOUT":
    case "CONNECT_TIMEOUT":
      return new ConfigError(
        `No database server answered at ${server.address} within DATABASE_CONNECT_TIMEOUT_MS: check the host and port in DATABASE_URL`,
      );
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new ConfigError(
        `Database server ${server.address} is unreachable (${code}): check the host in DATABASE_URL`,
      );
    default:
      return undefined;
  }
}

/** The server refused the user or password; `reason` is the server's own words when they say more than that. */
export function accessDeniedError(server: DatabaseServer, reason?: string): ConfigError {
  const why = reason ? ` (${reason})` : "";
  return new ConfigError(
    `Database access denied for user "${server.user}" at ${server.address}${why}: check the user and password in DATABASE_URL`,
  );
}

/** The database does not exist and this user may not create it. */
export function missingDatabaseError(server: DatabaseServer): ConfigError {
  return new ConfigError(
    `Database "${server.database}" does not exist at ${server.address} and user "${server.user}" may not create it: create it, or set DATABASE_URL to one that exists`,
  );
}

/** The server refused the user a privilege the service needs (to connect, to create the tables); `reason` is its words. */
export function privilegeError(server: DatabaseServer, reason: string): ConfigError {
  return new ConfigError(
    `User "${server.user}" lacks a privilege on database "${server.database}" at ${server.address} (${reason}): grant it, or set DATABASE_URL to a database that user owns`,
  );
}

/** The migration lock was not free within the bound; `holder` says how to find the session holding it. */
export function migrationLockError(server: DatabaseServer, waitedSeconds: number, holder: string): ConfigError {
  return new ConfigError(
    `Waited ${waitedSeconds} s for the migration lock on database "${server.database}" at ${server.address}: another instance is still migrating, or a session holds the lock (${holder})`,
  );
}

/** The driver's own error behind Drizzle's (a failed migration is a DrizzleQueryError with the driver's as its cause). */
export function driverError(error: unknown): unknown {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ("code" in current || "errno" in current) return current;
  }
  return error;
}

/**
 * A statement the database did not answer within DATABASE_QUERY_TIMEOUT_MS of working on it, or one that waited for a
 * connection while the database answered nothing for as long.
 */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
  readonly code = "DATABASE_TIMEOUT";

  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`);
  }
}

/** Codes of a socket that could not be opened or broke, as Node.js, Bun and Deno report them, and of a timeout. */
const connectionFailures = new Set<unknown>([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "DATABASE_TIMEOUT",
]);

/**
 * Whether `error` (or the driver's error behind it) means the server is not answering rather than refusing a
 * statement: a failed or broken connection, a timeout, or one of the driver's `serverCodes` (its own codes and the
 * server's for "cannot serve now"). The request then deserves a 503, which a client may retry.
 */
export function isUnavailableError(error: unknown, serverCodes: ReadonlySet<unknown>): boolean {
  const { code, errno } = (driverError(error) ?? {}) as { code?: unknown; errno?: unknown };
  return connectionFailures.has(code) || serverCodes.has(code) || serverCodes.has(errno);
}
