import { createRoute } from "@hono/zod-openapi";
import { bodyErrors, jsonBody } from "../platform/http/resource-routes.ts";
import { errorResponses, success, successSchema } from "../platform/http/rest-envelope.ts";
import { createRouter } from "../platform/http/router.ts";
import { credentialsSchema, refreshRequestSchema, tokenPairSchema } from "./auth.schemas.ts";
import type { AuthService } from "./auth.service.ts";
import type { TokenPair } from "./tokens.ts";

const tags = ["auth"];
const tokensResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: successSchema(tokenPairSchema) } },
});

const register = createRoute({
  method: "post",
  path: "/register",
  operationId: "register",
  tags,
  summary: "Create an account and sign in",
  request: { body: jsonBody(credentialsSchema) },
  responses: { 201: tokensResponse("Account created"), ...bodyErrors, ...errorResponses(409) },
});

const login = createRoute({
  method: "post",
  path: "/login",
  operationId: "login",
  tags,
  summary: "Sign in with e-mail and password",
  request: { body: jsonBody(credentialsSchema) },
  responses: { 200: tokensResponse("Signed in"), ...bodyErrors, ...errorResponses(401) },
});

const refresh = createRoute({
  method: "post",
  path: "/refresh",
  operationId: "refresh",
  tags,
  summary: "Exchange a refresh token for a new access token (the refresh token is rotated)",
  request: { body: jsonBody(refreshRequestSchema) },
  responses: {
    200: tokensResponse("New access token and rotated refresh token"),
    ...bodyErrors,
    ...errorResponses(401),
  },
});

const toBody = ({ accessToken, refreshToken }: TokenPair) => ({
  access_token: accessToken.token,
  refresh_token: refreshToken,
  token_type: "Bearer" as const,
  expires_in: accessToken.expiresIn,
});

export function authRoutes({ authService }: { authService: AuthService }) {
  return createRouter()
    .openapi(register, async (c) => c.json(success(toBody(await authService.register(c.req.valid("json")))), 201))
    .openapi(login, async (c) => c.json(success(toBody(await authService.login(c.req.valid("json")))), 200))
    .openapi(refresh, async (c) =>
      c.json(success(toBody(await authService.refresh(c.req.valid("json").refresh_token))), 200),
    );
}
