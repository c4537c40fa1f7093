/** Wraps the driver client a database layer hands to Drizzle, e.g. to time each statement; returns a client of the same kind. */
export type DatabaseClientWrapper = (client: unknown) => unknown;

const wrappers = new Set<DatabaseClientWrapper>();

/**
 * Registers a wrapper for the clients opened from now on (a module's `start` runs before the database opens);
 * returns the function that unregisters it. No wrapper is registered unless a module adds one.
 */
// Its caller: the tracing module of `--observability advanced` (statement spans); without it, nothing registers one.
export function wrapDatabaseClients(wrapper: DatabaseClientWrapper): () => void {
  wrappers.add(wrapper);
  return () => wrappers.delete(wrapper);
}

/** The client as the registered wrappers make it (the client itself when there are none). */
export function wrappedDatabaseClient<Client>(client: Client): Client {
  let wrapped: unknown = client;
  for (const wrapper of wrappers) wrapped = wrapper(wrapped);
  return wrapped as Client;
}
