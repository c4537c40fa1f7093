import { describe, expect, test } from "bun:test";
import { JwtTokenIssuer } from "../../src/adapters/security/jwt-token-issuer.ts";
import { DomainError } from "../../src/domain/errors.ts";
import { AuthService } from "../../src/services/auth.service.ts";
import { fakeHasher, InMemoryRefreshTokenRepository, InMemoryUserRepository } from "../support/in-memory.ts";
import { testSecret } from "../support/test-app.ts";

function setup() {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const tokens = new JwtTokenIssuer({ secret: testSecret, refreshTtlSeconds: 3600 });
  const service = new AuthService({ users, refreshTokens, hasher: fakeHasher, tokens });
  return { users, refreshTokens, tokens, service };
}

const credentials = { email: "ada@example.com", password: "correct-horse" };

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code as DomainError["code"]);
}

describe("AuthService", () => {
  test("register stores a hash, never the password, and issues a token pair", async () => {
    const { users, refreshTokens, tokens, service } = setup();
    const pair = await service.register(credentials);
    expect(users.rows[0]?.passwordHash).toBe("hashed:correct-horse");
    expect(pair.accessToken.expiresIn).toBe(900);
    expect(await tokens.verifyAccessToken(pair.accessToken.token)).toBe(1);
    expect(refreshTokens.rows[0]?.tokenHash).toBe(tokens.digest(pair.refreshToken));
    expect(refreshTokens.rows[0]?.tokenHash).not.toBe(pair.refreshToken);
  });

  test("register refuses a taken e-mail", async () => {
    const { service } = setup();
    await service.register(credentials);
    await expectCode(service.register(credentials), "CONFLICT");
  });

  test("login answers the same error for an unknown e-mail and a wrong password", async () => {
    const { service } = setup();
    await service.register(credentials);
    const unknown = await service.login({ ...credentials, email: "nobody@example.com" }).catch((e: Error) => e);
    const wrong = await service.login({ ...credentials, password: "wrong-password" }).catch((e: Error) => e);
    expect(unknown).toEqual(wrong);
    expect((unknown as DomainError).code).toBe("UNAUTHORIZED");
    expect((await service.login(credentials)).accessToken.token).toBeString();
  });

  test("refresh rotates: the used refresh token is revoked and a new one works", async () => {
    const { service } = setup();
    const first = await service.register(credentials);
    const second = await service.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expectCode(service.refresh(first.refreshToken), "UNAUTHORIZED");
    expect((await service.refresh(second.refreshToken)).accessToken.token).toBeString();
  });

  test("an access token is not accepted as a refresh token", async () => {
    const { service } = setup();
    const pair = await service.register(credentials);
    await expectCode(service.refresh(pair.accessToken.token), "UNAUTHORIZED");
    await expectCode(service.refresh("not-a-token"), "UNAUTHORIZED");
  });

  test("an expired refresh token is refused", async () => {
    const { users, refreshTokens, tokens } = setup();
    let now = new Date();
    const service = new AuthService({ users, refreshTokens, hasher: fakeHasher, tokens, clock: () => now });
    const pair = await service.register(credentials);
    now = new Date(now.getTime() + 2 * 3600 * 1000);
    await expectCode(service.refresh(pair.refreshToken), "UNAUTHORIZED");
  });
});
