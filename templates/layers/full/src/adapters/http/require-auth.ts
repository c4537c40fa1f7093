import type { MiddlewareHandler } from "hono";
import { unauthorized } from "../../domain/errors.ts";
import type { TokenIssuer } from "../../ports/token-issuer.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** Id of the authenticated user, set by `requireAuth`. */
    userId: number;
  }
}

/** Accepts only a valid access token (`Authorization: Bearer <token>`); a refresh token is refused. */
export function requireAuth(tokens: Pick<TokenIssuer, "verifyAccessToken">): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    const userId = match?.[1] ? await tokens.verifyAccessToken(match[1]) : undefined;
    if (userId === undefined) throw unauthorized("A valid access token is required (Authorization: Bearer <token>)");
    c.set("userId", userId);
    await next();
  };
}
