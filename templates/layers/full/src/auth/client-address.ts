import type { Context } from "hono";

/**
 * What each runtime's server passes to `fetch` beside the request (Hono's `c.env`), as far as the peer goes:
 * @hono/node-server the Node.js request, Bun.serve the server, Deno.serve the connection's info.
 */
interface ServerBindings {
  incoming?: { socket: { remoteAddress?: string } };
  requestIP?: (request: Request) => { address: string } | null;
  remoteAddr?: { hostname: string };
}

/** The peer of the request's socket; undefined for a request without one (`app.request` in tests). */
function socketAddress(c: Context): string | undefined {
  const server = (c.env ?? {}) as ServerBindings;
  return server.incoming?.socket.remoteAddress ?? server.requestIP?.(c.req.raw)?.address ?? server.remoteAddr?.hostname;
}

/**
 * The client's address: the socket's peer, or with `trustedProxyHops` proxies in front (a load balancer, an
 * ingress) the address the outermost of them saw, which each proxy appends to X-Forwarded-For. Entries further
 * left are the client's own word and are never used, so a forged header does not escape a limit.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string | undefined {
  if (trustedProxyHops === 0) return canonical(socketAddress(c));
  const forwarded = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  return canonical(forwarded.at(-trustedProxyHops) || socketAddress(c));
}

/**
 * One client, one key: an IPv4 address as itself (also when a dual-stack socket reports it IPv6-mapped), an IPv6
 * address by its /64 prefix, which is what one subscriber is given.
 */
function canonical(address: string | undefined): string | undefined {
  if (!address?.includes(":")) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0");
  return `${[...headGroups, ...zeros, ...tailGroups].slice(0, 4).join(":")}::/64`;
}
