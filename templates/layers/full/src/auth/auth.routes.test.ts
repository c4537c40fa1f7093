import { describe, expect, test } from "bun:test";
import { call, createTestApp, registerUser, type TestApp } from "../../test/support/test-app.ts";

const register = "/api/v1/auth/register";

describe("auth routes", () => {
  test("register answers 201 with the token pair in the success envelope", async () => {
    const { app } = createTestApp();
    const { status, body } = await call(app, "POST", register, { email: "ada@example.com", password: "password1" });
    expect(status).toBe(201);
    expect(body.status).toBe("success");
    expect(body.data).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    expect(body.data.access_token).toBeString();
    expect(body.data.refresh_token).toBeString();
  });

  test.each([
    ["missing e-mail", { password: "password1" }],
    ["invalid e-mail", { email: "not-an-email", password: "password1" }],
    ["e-mail over 255 characters", { email: `${"a".repeat(250)}@example.com`, password: "password1" }],
    ["short password", { email: "ada@example.com", password: "short" }],
    ["password over 72 characters", { email: "ada@example.com", password: "p".repeat(73) }],
    ["password over 72 bytes in UTF-8", { email: "ada@example.com", password: "é".repeat(37) }],
  ])("register refuses %s with 400 and details", async (_, input) => {
    const { app } = createTestApp();
    const { status, body } = await call(app, "POST", register, input);
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
    expect(body.error.details[0]).toMatchObject({ path: expect.any(String), message: expect.any(String) });
  });

  test("a password too long, in characters or in bytes, gets one message, however long it is", async () => {
    const { app } = createTestApp();
    for (const password of ["p".repeat(73), "é".repeat(37), "p".repeat(500_000)]) {
      const { status, body } = await call(app, "POST", register, { email: "ada@example.com", password });
      expect([password.length, status, body.error.details]).toEqual([
        password.length,
        400,
        [{ path: "password", message: "must be at most 72 bytes in UTF-8" }],
      ]);
    }
  });

  test("register, login and refresh: an unknown key (a typo, id, role) is a 400 naming it", async () => {
    const { app } = createTestApp();
    const { refresh_token } = await registerUser(app, "ada@example.com");
    const credentials = { email: "grace@example.com", password: "password1" };
    for (const [path, body, key] of [
      [register, { ...credentials, role: "admin" }, "role"],
      [register, { ...credentials, id: 1 }, "id"],
      ["/api/v1/auth/login", { ...credentials, pasword: "password1" }, "pasword"],
      ["/api/v1/auth/refresh", { refresh_token, access_token: "x" }, "access_token"],
    ] as const) {
      const refused = await call(app, "POST", path, body);
      expect([path, refused.status, refused.body.error.code]).toEqual([path, 400, "VALIDATION_ERROR"]);
      expect(refused.body.error.details).toEqual([{ path: key, message: `Unknown key "${key}"` }]);
    }
    // Nothing was registered by the refused attempts.
    expect((await call(app, "POST", "/api/v1/auth/login", credentials)).status).toBe(401);
  });

  test("a 72-byte password is accepted", async () => {
    const { app } = createTestApp();
    const { status } = await call(app, "POST", register, { email: "ada@example.com", password: "é".repeat(36) });
    expect(status).toBe(201);
  });

  test("malformed JSON is a 400", async () => {
    const { app } = createTestApp();
    const { status, body } = await call(app, "POST", register, "{not json");
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_ERROR");
  });

  test("register with a taken e-mail is a 409", async () => {
    const { app } = createTestApp();
    await registerUser(app);
    const { status, body } = await call(app, "POST", register, { email: "ada@example.com", password: "password2" });
    expect(status).toBe(409);
    expect(body.error.code).toBe("CONFLICT");
  });

  test("login: 200 with tokens; the same 401 for a wrong password and an unknown e-mail", async () => {
    const { app } = createTestApp();
    await registerUser(app, "ada@example.com", "password1");
    const ok = await call(app, "POST", "/api/v1/auth/login", { email: "ada@example.com", password: "password1" });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    const wrong = await call(app, "POST", "/api/v1/auth/login", { email: "ada@example.com", password: "password2" });
    const unknown = await call(app, "POST", "/api/v1/auth/login", { email: "bob@example.com", password: "password1" });
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
  });

  test("refresh: 200 with a new access token and refresh token; reusing the old one revokes both", async () => {
    const { app } = createTestApp();
    const { refresh_token } = await registerUser(app);
    const first = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    const again = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("UNAUTHORIZED");
    const next = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token: first.body.data.refresh_token });
    expect(next.status).toBe(401);
  });

  test("e-mails are trimmed and lower-cased: Case@x.com, case@x.com and ' CASE@x.com ' are one account", async () => {
    const { app } = createTestApp();
    expect((await call(app, "POST", register, { email: "Case@x.com", password: "password1" })).status).toBe(201);
    for (const email of ["case@x.com", " CASE@x.com "]) {
      const taken = await call(app, "POST", register, { email, password: "password1" });
      expect([email, taken.status, taken.body.error?.code]).toEqual([email, 409, "CONFLICT"]);
    }
    for (const email of ["Case@x.com", "case@x.com", " CASE@x.com "]) {
      const login = await call(app, "POST", "/api/v1/auth/login", { email, password: "password1" });
      expect([email, login.status]).toEqual([email, 200]);
    }
  });

  test("refresh: malformed body is a 400, an access token is a 401", async () => {
    const { app } = createTestApp();
    const { access_token } = await registerUser(app);
    expect((await call(app, "POST", "/api/v1/auth/refresh", {})).status).toBe(400);
    expect((await call(app, "POST", "/api/v1/auth/refresh", { refresh_token: access_token })).status).toBe(401);
  });
});

describe("auth rate limits", () => {
  const login = "/api/v1/auth/login";
  const fromAddress = (app: TestApp, path: string, body: unknown, address: string, headers = {}) =>
    app.request(
      path,
      { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) },
      // What @hono/node-server passes beside the request: the socket the request came on.
      { incoming: { socket: { remoteAddress: address } } },
    );

  test("the 11th sign-in of one account within the window is a 429 with Retry-After, even with the right password", async () => {
    const { app } = createTestApp();
    await registerUser(app, "ada@example.com", "correct-horse");
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await call(app, "POST", login, { email: "ada@example.com", password: `wrong-guess-${attempt}` });
      expect([attempt, wrong.status]).toEqual([attempt, 401]);
    }
    const response = await fromAddress(app, login, { email: "ada@example.com", password: "correct-horse" }, "::1");
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeWithin(1, 15 * 60 + 1);
    expect(await response.json()).toEqual({
      status: "error",
      error: { code: "TOO_MANY_REQUESTS", message: "Too many attempts: try again later" },
    });
    // Another account is not affected.
    await registerUser(app, "grace@example.com", "correct-horse");
    const grace = await call(app, "POST", login, { email: "grace@example.com", password: "correct-horse" });
    expect(grace.status).toBe(200);
  });

  test("the account is the normalised e-mail: changing its case or spaces does not escape the limit", async () => {
    const { app } = createTestApp({ env: { AUTH_RATE_LIMIT_PER_ACCOUNT: "2" } });
    for (const email of ["ada@example.com", " ADA@example.com "]) {
      expect((await call(app, "POST", login, { email, password: "password1" })).status).toBe(401);
    }
    expect((await call(app, "POST", login, { email: "Ada@Example.com", password: "password1" })).status).toBe(429);
  });

  test("per address: the limit holds across accounts, another address is unaffected", async () => {
    const { app } = createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: "3" } });
    for (let n = 1; n <= 3; n++) {
      const response = await fromAddress(
        app,
        login,
        { email: `user${n}@example.com`, password: "password1" },
        "10.0.0.1",
      );
      expect(response.status).toBe(401);
    }
    const blocked = await fromAddress(app, login, { email: "user4@example.com", password: "password1" }, "10.0.0.1");
    expect(blocked.status).toBe(429);
    const other = await fromAddress(app, login, { email: "user4@example.com", password: "password1" }, "10.0.0.2");
    expect(other.status).toBe(401);
  });

  test("X-Forwarded-For is ignored by default, so a forged one does not escape the address limit", async () => {
    const { app } = createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: "2" } });
    const statuses: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const body = { email: `user${n}@example.com`, password: "password1" };
      const response = await fromAddress(app, login, body, "10.0.0.1", { "x-forwarded-for": `198.51.100.${n}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  test("behind TRUSTED_PROXY_HOPS=1 the client is the entry the proxy appended, not what the client sent", async () => {
    const { app } = createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: "2", TRUSTED_PROXY_HOPS: "1" } });
    const attempt = (forwardedFor: string, n: number) =>
      fromAddress(app, login, { email: `user${n}@example.com`, password: "password1" }, "10.0.0.9", {
        "x-forwarded-for": forwardedFor,
      });
    // The client forges the left entries; the proxy (10.0.0.9, the socket's peer) appends what it saw.
    expect((await attempt("1.1.1.1, 203.0.113.7", 1)).status).toBe(401);
    expect((await attempt("2.2.2.2, 203.0.113.7", 2)).status).toBe(401);
    expect((await attempt("3.3.3.3, 203.0.113.7", 3)).status).toBe(429);
    expect((await attempt("203.0.113.8", 4)).status).toBe(401);
  });

  test("sign-up and refresh are limited too; refresh per user, whatever token of theirs is presented", async () => {
    const { app } = createTestApp({ env: { AUTH_RATE_LIMIT_PER_ACCOUNT: "2" } });
    const credentials = { email: "ada@example.com", password: "password1" };
    expect((await call(app, "POST", register, credentials)).status).toBe(201);
    expect((await call(app, "POST", register, credentials)).status).toBe(409);
    expect((await call(app, "POST", register, credentials)).status).toBe(429);

    const { refresh_token } = await registerUser(app, "grace@example.com");
    const first = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token });
    expect(first.status).toBe(200);
    const second = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token: first.body.data.refresh_token });
    expect(second.status).toBe(200);
    const third = await call(app, "POST", "/api/v1/auth/refresh", { refresh_token: second.body.data.refresh_token });
    expect([third.status, third.body.error.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
  });

  test("the OpenAPI document gives register, login and refresh a 429 with the Retry-After header", async () => {
    const { app } = createTestApp();
    const { body } = await call(app, "GET", "/apidocs/openapi.json");
    for (const path of ["/api/v1/auth/register", "/api/v1/auth/login", "/api/v1/auth/refresh"]) {
      const tooMany = body.paths[path].post.responses["429"];
      expect([path, Object.keys(tooMany.headers)]).toEqual([path, ["Retry-After"]]);
      expect(tooMany.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
  });
});
