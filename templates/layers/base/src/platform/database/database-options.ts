/** How the service bounds its use of a database server: set by DATABASE_POOL_MAX, DATABASE_*_TIMEOUT_MS. */
export interface DatabaseOptions {
  /** Connections one instance keeps open at most; every replica opens its own. */
  poolMax: number;
  /** How long opening a connection may take before the server counts as unreachable. */
  connectTimeoutMs: number;
  /**
   * How long a statement may take, waiting for a free connection included, before it fails and the request is
   * answered 503: a server that stopped answering then costs a request this long instead of hanging it.
   */
  queryTimeoutMs: number;
}

// Bounds chosen so that during an outage a request is answered about as soon as readiness reports it (2 s).
export const defaultDatabaseOptions: DatabaseOptions = { poolMax: 10, connectTimeoutMs: 2_000, queryTimeoutMs: 2_000 };

/** The options the settings DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS give. */
export function databaseOptions(config: {
  DATABASE_POOL_MAX: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_QUERY_TIMEOUT_MS: number;
}): DatabaseOptions {
  return {
    poolMax: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
  };
}
