import type { MiddlewareHandler } from "hono";
import { unauthorized } from "./auth-errors.ts";
import type { Principal } from "./principal.ts";
import type { PrincipalCache } from "./principal-cache.ts";
import type { TokenIssuer } from "./token-issuer.port.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The authenticated live user, set by `requireAuth`. */
    principal: Principal;
  }
}

/** The OpenAPI name of the scheme, and its definition (the accounts module registers it). */
const bearerScheme = "bearerAuth";
export const bearerAuthScheme = { [bearerScheme]: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } as const;
/** Put on every protected route, so the reference UI offers "Authorize" for it. */
export const bearerSecurity = [{ [bearerScheme]: [] }];

/**
 * Accepts only a valid access token (`Authorization: Bearer <token>`) of a user that still exists; a refresh token is
 * refused. Whether the user exists comes from the principal cache: a Map look-up on most requests.
 */
export function requireAuth(
  tokens: Pick<TokenIssuer, "verifyAccessToken">,
  principals: Pick<PrincipalCache, "find">,
): MiddlewareHandler {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    const userId = match?.[1] ? await tokens.verifyAccessToken(match[1]) : undefined;
    const principal = userId === undefined ? undefined : await principals.find(userId);
    if (!principal) throw unauthorized("A valid access token is required (Authorization: Bearer <token>)");
    c.set("principal", principal);
    await next();
  };
}
