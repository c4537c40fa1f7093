/**
 * The example's authentication: `POST /auth/token` signs a JWT for a demo user, and `hono/jwt` verifies the bearer
 * token on API requests. crud() only reads the result through its `auth(c)` option.
 */
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { jwt, sign } from "hono/jwt";
import type { AuthUser } from "../../src/crud/index.ts";

/** Demo accounts (plain passwords, for the example only). */
export const demoUsers: Readonly<Record<string, { password: string; roles: readonly string[] }>> = {
  alice: { password: "alice-password", roles: ["editor"] },
  bob: { password: "bob-password", roles: ["reader"] },
};

const tokenLifetimeSeconds = 3600;

/** `POST /auth/token` with `{ "username", "password" }` answers `{ "token" }`. */
export function tokenRoutes(secret: string): Hono {
  return new Hono().post("/auth/token", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { username?: unknown; password?: unknown };
    const user = typeof body.username === "string" ? demoUsers[body.username] : undefined;
    if (!user || user.password !== body.password) return c.json({ message: "Invalid username or password" }, 401);
    const exp = Math.floor(Date.now() / 1000) + tokenLifetimeSeconds;
    return c.json({ token: await sign({ sub: body.username, roles: user.roles, exp }, secret, "HS256") });
  });
}

/**
 * Verifies a bearer token when one is sent (a bad one answers 401); requests without one go on anonymously, so
 * public reads stay open and crud() answers 401 itself where a resource needs a user.
 */
export function optionalJwt(secret: string): MiddlewareHandler {
  const verify = jwt({ secret, alg: "HS256" });
  return (c, next) => (c.req.header("authorization") ? verify(c, next) : next());
}

/** crud()'s `auth(c)`: the user `hono/jwt` verified, or null. */
export function currentUser(c: Context): AuthUser | null {
  const payload = c.get("jwtPayload") as { sub?: unknown; roles?: unknown } | undefined;
  if (!payload || typeof payload.sub !== "string") return null;
  const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === "string") : [];
  return { id: payload.sub, roles };
}
