import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorBody } from "../platform/http/envelope.ts";
import { noQuery } from "../platform/http/params.ts";
import { bodyErrors, jsonBody } from "../platform/http/resource-routes.ts";
import { errorResponses, success, successSchema } from "../platform/http/rest-envelope.ts";
import { createRouter } from "../platform/http/router.ts";
import { credentialsSchema, refreshRequestSchema, tokenPairSchema } from "./auth.schemas.ts";
import type { AuthService } from "./auth.service.ts";
import type { AuthRateLimit, Refusal } from "./auth-rate-limit.ts";
import type { TokenPair } from "./tokens.ts";

// Public (`security: []`): these are how a client gets its tokens.
const common = { method: "post" as const, tags: ["auth"], security: [] };
const tokensResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: successSchema(tokenPairSchema) } },
});

/** Documented on each limited operation (see auth-rate-limit.ts). */
const tooManyAttempts = {
  429: {
    ...errorResponses(429)[429],
    headers: {
      "Retry-After": { description: "Seconds until the window of attempts ends", schema: { type: "integer" as const } },
    },
  },
};

const refuse = (c: Context, { retryAfterSeconds }: Refusal) =>
  c.json(errorBody("TOO_MANY_REQUESTS", "Too many attempts: try again later"), 429, {
    "Retry-After": String(retryAfterSeconds),
  });

const register = createRoute({
  ...common,
  path: "/register",
  operationId: "register",
  summary: "Create an account and sign in",
  description:
    "Stores a new account for the e-mail (a taken one is a 409) and answers its first token pair. Anyone may " +
    "call it, within the sign-in attempts' rate limits (429).",
  request: { query: noQuery, body: jsonBody(credentialsSchema) },
  responses: { 201: tokensResponse("Account created"), ...bodyErrors, ...errorResponses(409), ...tooManyAttempts },
});

const login = createRoute({
  ...common,
  path: "/login",
  operationId: "login",
  summary: "Sign in with e-mail and password",
  description:
    "Checks the e-mail and password and answers a new token pair; a wrong password and an unknown e-mail get the " +
    "same 401. Anyone may call it, within the sign-in attempts' rate limits (429).",
  request: { query: noQuery, body: jsonBody(credentialsSchema) },
  responses: { 200: tokensResponse("Signed in"), ...bodyErrors, ...errorResponses(401), ...tooManyAttempts },
});

const refresh = createRoute({
  ...common,
  path: "/refresh",
  operationId: "refresh",
  summary: "Exchange a refresh token for a new access token (the refresh token is rotated)",
  description:
    "Answers a new access token for a live refresh token and replaces that refresh token: each works once, and " +
    "presenting a used one revokes its whole family. Anyone may call it, within the rate limits (429).",
  request: { query: noQuery, body: jsonBody(refreshRequestSchema) },
  responses: {
    200: tokensResponse("New access token and rotated refresh token"),
    ...bodyErrors,
    ...errorResponses(401),
    ...tooManyAttempts,
  },
});

const toBody = ({ accessToken, refreshToken }: TokenPair) => ({
  access_token: accessToken.token,
  refresh_token: refreshToken,
  token_type: "Bearer" as const,
  expires_in: accessToken.expiresIn,
});

export interface AuthRoutesDependencies {
  authService: AuthService;
  authRateLimit: AuthRateLimit;
  clientAddress: (c: Context) => string | undefined;
}

export function authRoutes({ authService, authRateLimit, clientAddress }: AuthRoutesDependencies) {
  return createRouter()
    .openapi(register, async (c) => {
      const credentials = c.req.valid("json");
      const refusal = await authRateLimit.register(clientAddress(c), credentials.email);
      if (refusal) return refuse(c, refusal);
      return c.json(success(toBody(await authService.register(credentials))), 201);
    })
    .openapi(login, async (c) => {
      const credentials = c.req.valid("json");
      const refusal = await authRateLimit.login(clientAddress(c), credentials.email);
      if (refusal) return refuse(c, refusal);
      return c.json(success(toBody(await authService.login(credentials))), 200);
    })
    .openapi(refresh, async (c) => {
      const { refresh_token } = c.req.valid("json");
      const refusal = await authRateLimit.refresh(clientAddress(c), refresh_token);
      if (refusal) return refuse(c, refusal);
      return c.json(success(toBody(await authService.refresh(refresh_token))), 200);
    });
}
