/** How the service bounds its use of a database server: set by DATABASE_POOL_MAX, DATABASE_*_MS. */
export interface DatabaseOptions {
  /** Connections one instance keeps open at most; every replica opens its own. */
  poolMax: number;
  /** How long opening a connection may take before the server counts as unreachable. */
  connectTimeoutMs: number;
  /**
   * How long the database may take over a statement, from when it is handed to a connection, before it fails and
   * the request is answered 503 SERVICE_UNAVAILABLE: a server that stopped answering then costs a request this long
   * instead of hanging it. The server enforces it too where it can (PostgreSQL's statement_timeout).
   */
  queryTimeoutMs: number;
  /**
   * How long a statement may wait for a free pool connection before it fails and the request is answered 503
   * SERVICE_BUSY: the database is fine, the instance has more work than connections.
   */
  poolWaitMs: number;
}

/**
 * Bounds chosen so that during an outage a request is answered about as soon as readiness reports it (2 s), while a
 * burst of requests may queue for connections several times that long.
 */
export const defaultDatabaseOptions: DatabaseOptions = {
  poolMax: 10,
  connectTimeoutMs: 2_000,
  queryTimeoutMs: 2_000,
  poolWaitMs: 10_000,
};

/** The options the settings DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS and DATABASE_POOL_WAIT_MS give. */
export function databaseOptions(config: {
  DATABASE_POOL_MAX: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_QUERY_TIMEOUT_MS: number;
  DATABASE_POOL_WAIT_MS: number;
}): DatabaseOptions {
  return {
    poolMax: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    poolWaitMs: config.DATABASE_POOL_WAIT_MS,
  };
}
