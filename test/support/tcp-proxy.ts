import { createConnection, createServer, type Socket } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a database server, so a test can make the database unreachable for a running
 * service and bring it back. Modes:
 * - `forward`: normal operation, bytes are piped both ways;
 * - `blackhole`: a pulled cable: open connections freeze (nothing passes, nothing closes) and new ones are accepted
 *   but never answered, so the client only notices through its own timeouts;
 * - `refuse`: a server that is down: every connection is cut and new ones are closed at once.
 * Leaving `blackhole` or `refuse` cuts whatever is open, so the client must reconnect as after a real outage.
 */
export type ProxyMode = "forward" | "blackhole" | "refuse";

export interface TcpProxy {
  port: number;
  setMode(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = "forward";
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  const freezeAll = () => {
    for (const socket of open) {
      socket.unpipe();
      socket.pause();
    }
  };

  const server = createServer((client) => {
    track(client);
    if (mode === "refuse") return client.destroy();
    if (mode === "blackhole") return client.pause();
    const upstream = createConnection({ host: targetHost, port: targetPort });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("tcp proxy: no listening address");

  return {
    port: address.port,
    setMode(next) {
      if (next === mode) return;
      if (next === "blackhole") freezeAll();
      else cutAll();
      mode = next;
    },
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
