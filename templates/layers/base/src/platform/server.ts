import { ConfigError } from "./config.ts";

/**
 * The only runtime-specific file: serves a fetch handler on Bun, Deno or Node.js (@hono/node-server). Everything
 * else in the service is runtime-agnostic.
 */
type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface RunningServer {
  runtime: "bun" | "deno" | "node";
  /** The runtime's version, for the start-up log line. */
  version: string;
  port: number;
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  stop(): Promise<void>;
}

interface DenoGlobal {
  version: { deno: string };
  serve(
    options: { port: number; hostname: string; onListen(): void },
    handler: FetchHandler,
  ): { addr: { port: number }; shutdown(): Promise<void> };
}

/** Counts the handlers running, so a shutdown can wait until none is. */
class InFlight {
  #running = 0;
  #idle: Array<() => void> = [];

  /**
   * `handler` counted. Every argument is passed on (Deno's second one is the connection's info), and `request` is
   * declared: Deno builds no Request for a handler that takes no parameter.
   */
  track<Rest extends unknown[]>(handler: (request: Request, ...rest: Rest) => Response | Promise<Response>) {
    return async (request: Request, ...rest: Rest): Promise<Response> => {
      this.#running++;
      try {
        return await handler(request, ...rest);
      } finally {
        this.#running--;
        if (this.#running === 0) for (const resume of this.#idle.splice(0)) resume();
      }
    };
  }

  /** Resolves once no handler is running (at once when none is). */
  settled(): Promise<void> {
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resume) => this.#idle.push(resume));
  }
}

/** A busy port is one line naming the setting (main.ts prints a ConfigError's message), not a runtime's stack trace. */
function listenError(error: unknown, port: number): unknown {
  // Node.js and Bun: `code` EADDRINUSE; Deno: Deno.errors.AddrInUse.
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (code !== "EADDRINUSE" && name !== "AddrInUse") return error;
  return new ConfigError(`Port ${port} is already in use: stop what uses it, or set PORT to a free port`);
}

export async function startServer(fetch: FetchHandler, port: number): Promise<RunningServer> {
  try {
    return await listen(fetch, port);
  } catch (error) {
    throw listenError(error, port);
  }
}

async function listen(fetch: FetchHandler, port: number): Promise<RunningServer> {
  const deno = (globalThis as { Deno?: DenoGlobal }).Deno;
  if (deno) {
    // Deno's shutdown() makes request bodies that are still arriving unreadable, so a request uploading at that moment
    // would fail: stop() first waits until no handler is running, then shuts down.
    const handlers = new InFlight();
    // A no-op onListen replaces Deno's own "Listening on" line; main.ts logs instead.
    const server = deno.serve({ port, hostname: "0.0.0.0", onListen: () => {} }, handlers.track(fetch));
    const stop = async () => {
      await handlers.settled();
      await server.shutdown();
    };
    return { runtime: "deno", version: deno.version.deno, port: server.addr.port, stop };
  }
  if (typeof Bun !== "undefined") {
    const server = Bun.serve({ port, fetch });
    return { runtime: "bun", version: Bun.version, port: server.port ?? port, stop: () => server.stop() };
  }
  const { serve } = await import("@hono/node-server");
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port }, (info) => {
      server.off("error", reject);
      const stop = () =>
        new Promise<void>((done, fail) => {
          // close() waits for every open connection. Keep-alive connections stay open after their last answer, so
          // idle ones are closed now and again until the in-flight requests are done.
          const closeIdle = () => ("closeIdleConnections" in server ? server.closeIdleConnections() : undefined);
          const sweeper = setInterval(closeIdle, 50);
          server.close((error) => {
            clearInterval(sweeper);
            return error ? fail(error) : done();
          });
          closeIdle();
        });
      resolve({ runtime: "node", version: process.versions.node, port: info.port, stop });
    });
    // Until it listens: a failure to bind (busy port) is an `error` event, which would otherwise crash the process.
    server.once("error", reject);
  });
}
