import { Agent, createServer, type IncomingHttpHeaders, request } from "node:http";

/**
 * A load balancer in front of service replicas, as Kubernetes gives one: requests go round-robin to the backends whose
 * readiness last answered 200 (polled every `pollMs`, like an endpoints controller), over keep-alive connections.
 * A backend taken out of rotation still finishes what it was sent.
 */
export interface RoundRobinProxy {
  url: string;
  /** Registers a replica; it gets traffic once its readiness has answered 200. */
  add(backend: string): void;
  /** Forgets a replica (after it has exited). */
  remove(backend: string): void;
  /** Resolves once `backend` is in rotation (`true`) or out of it (`false`). */
  waitUntil(backend: string, inRotation: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
}

export async function startRoundRobinProxy({ pollMs = 100 } = {}): Promise<RoundRobinProxy> {
  const registered = new Set<string>();
  const ready = new Set<string>();
  let next = 0;
  const agent = new Agent({ keepAlive: true });

  const server = createServer((incoming, outgoing) => {
    const rotation = [...ready];
    const backend = rotation[next++ % rotation.length];
    if (!backend) {
      outgoing.writeHead(503, { "content-type": "text/plain" }).end("proxy: no backend in rotation");
      return;
    }
    const target = new URL(backend);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: endToEnd(incoming.headers),
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`proxy: ${backend}: ${error.message}`);
    });
    incoming.pipe(upstream);
  });

  const check = async (backend: string) => {
    const status = await fetch(`${backend}/health/readiness`, { signal: AbortSignal.timeout(pollMs * 5) }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200 && registered.has(backend)) ready.add(backend);
    else ready.delete(backend);
  };
  let polling = true;
  const poller = (async () => {
    while (polling) {
      await Promise.all([...registered].map(check));
      await Bun.sleep(pollMs);
    }
  })();

  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    add: (backend) => registered.add(backend),
    remove(backend) {
      registered.delete(backend);
      ready.delete(backend);
    },
    async waitUntil(backend, inRotation, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (ready.has(backend) !== inRotation) {
        if (Date.now() > deadline) throw new Error(`${backend} not ${inRotation ? "in" : "out of"} rotation in time`);
        await Bun.sleep(pollMs / 4);
      }
    },
    async close() {
      polling = false;
      await poller;
      agent.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
