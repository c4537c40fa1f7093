import { describe, expect, test } from "bun:test";
import { openContract, refusedBodyStatuses } from "../../test/support/contract.ts";
import { createTestApp } from "../../test/support/test-app.ts";

describe("auth: the OpenAPI contract", () => {
  test("register, login and refresh answer as the document says, for success and each documented error", async () => {
    const { app } = createTestApp();
    const contract = await openContract(app);
    const api = contract.client(app);
    const credentials = { email: "ada@example.com", password: "correct-horse" };

    const registered = await api.POST("/api/v1/auth/register", { body: credentials });
    const register = [
      registered,
      await api.POST("/api/v1/auth/register", { body: credentials }),
      // An address JSON Schema's e-mail format accepts and the service refuses: the document must say which it takes.
      await api.POST("/api/v1/auth/register", { body: { ...credentials, email: "a@example.c" } }),
    ];
    expect(register.map(({ response }) => response.status)).toEqual([201, 409, 400]);

    const login = [
      await api.POST("/api/v1/auth/login", { body: credentials }),
      await api.POST("/api/v1/auth/login", { body: { ...credentials, password: "wrong-horse" } }),
    ];
    expect(login.map(({ response }) => response.status)).toEqual([200, 401]);

    const refreshToken = registered.data?.data.refresh_token ?? "";
    const accessToken = registered.data?.data.access_token ?? "";
    const refresh = [
      await api.POST("/api/v1/auth/refresh", { body: { refresh_token: refreshToken } }),
      await api.POST("/api/v1/auth/refresh", { body: { refresh_token: accessToken } }),
    ];
    expect(refresh.map(({ response }) => response.status)).toEqual([200, 401]);

    const refused = [
      await refusedBodyStatuses((options) => api.POST("/api/v1/auth/register", { body: credentials, ...options })),
      await refusedBodyStatuses((options) => api.POST("/api/v1/auth/login", { body: credentials, ...options })),
      await refusedBodyStatuses((options) =>
        api.POST("/api/v1/auth/refresh", { body: { refresh_token: refreshToken }, ...options }),
      ),
    ];
    expect(refused).toEqual([
      [400, 413, 415],
      [400, 413, 415],
      [400, 413, 415],
    ]);

    // An app allowing one attempt per account and window: each operation's second attempt is a 429.
    const limited = contract.client(createTestApp({ env: { AUTH_RATE_LIMIT_PER_ACCOUNT: "1" } }).app);
    const grace = { email: "grace@example.com", password: "correct-horse" };
    const signedUp = await limited.POST("/api/v1/auth/register", { body: grace });
    const graceRefresh = { refresh_token: signedUp.data?.data.refresh_token ?? "" };
    const secondAttempts = [
      await limited.POST("/api/v1/auth/register", { body: grace }),
      await limited.POST("/api/v1/auth/login", { body: grace }),
      await limited.POST("/api/v1/auth/login", { body: grace }),
      await limited.POST("/api/v1/auth/refresh", { body: graceRefresh }),
      await limited.POST("/api/v1/auth/refresh", { body: graceRefresh }),
    ];
    expect(secondAttempts.map(({ response }) => response.status)).toEqual([429, 200, 429, 200, 429]);

    expect(contract.mismatches).toEqual([]);
    const walked = ["/api/v1/auth/register", "/api/v1/auth/login", "/api/v1/auth/refresh"];
    expect(contract.uncovered(walked)).toEqual([]);
  });
});
