import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/**
 * Stricter than hono/secure-headers' defaults, and only these: an answer's own value of any of them wins (the API
 * reference page sets its own Cache-Control and Content-Security-Policy).
 */
const apiHeaders = secureHeaders({
  overwrite: false,
  // Browsers take a JSON answer for what it says it is, never for HTML or script.
  xContentTypeOptions: true,
  referrerPolicy: true,
  xFrameOptions: "DENY",
  // An API answer loads nothing and may not be framed (frame-ancestors is X-Frame-Options for current browsers).
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: false,
});

/**
 * Tokens and user data must not stay in a browser's or proxy's cache (hono/secure-headers sets no Cache-Control). Set
 * before the route runs, as a default its answer replaces with a Cache-Control of its own.
 */
const noStore: MiddlewareHandler = async (c, next) => {
  c.header("Cache-Control", "no-store");
  await next();
};

/** The security headers of every answer they run for (app.ts: every answer but the health probes'). */
export const securityHeaders = (): MiddlewareHandler[] => [apiHeaders, noStore];
