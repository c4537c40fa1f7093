import { describe, expect, test } from "bun:test";
import {
  fakeHasher,
  InMemoryCredentialRepository,
  InMemoryRefreshTokenRepository,
} from "../../test/support/in-memory.ts";
import { testSecret } from "../../test/support/test-app.ts";
import { DomainError } from "../platform/errors.ts";
import { InMemoryUserRepository } from "../users/users.in-memory.ts";
import { AuthService } from "./auth.service.ts";
import { JwtTokenIssuer } from "./jwt-token-issuer.ts";

function setup() {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const tokens = new JwtTokenIssuer({ secret: testSecret, refreshTtlSeconds: 3600 });
  const credentials = new InMemoryCredentialRepository(users);
  const deps = { users, credentials, refreshTokens, hasher: fakeHasher, tokens };
  return { users, refreshTokens, tokens, deps, service: new AuthService(deps) };
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

  test("refresh rotates: the used refresh token is revoked and the new one works, once", async () => {
    const { service } = setup();
    const first = await service.register(credentials);
    const second = await service.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await service.refresh(second.refreshToken);
    expect(third.accessToken.token).toBeString();
    await expectCode(service.refresh(second.refreshToken), "UNAUTHORIZED");
  });

  test("reuse of a rotated refresh token revokes its whole family (that login's chain), not the user's others", async () => {
    const { service } = setup();
    const stolen = await service.register(credentials);
    const otherDevice = await service.login(credentials);
    const rotated = await service.refresh(stolen.refreshToken);
    await expectCode(service.refresh(stolen.refreshToken), "UNAUTHORIZED");
    await expectCode(service.refresh(rotated.refreshToken), "UNAUTHORIZED");
    expect((await service.refresh(otherDevice.refreshToken)).accessToken.token).toBeString();
  });

  test("of concurrent refreshes of one token exactly one succeeds, and the reuse revokes the winner's token", async () => {
    const { service } = setup();
    const pair = await service.register(credentials);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => service.refresh(pair.refreshToken)));
    const winners = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(winners).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason.code).toBe("UNAUTHORIZED");
    await expectCode(service.refresh(winners[0]?.refreshToken ?? ""), "UNAUTHORIZED");
  });

  test("e-mails are trimmed and lower-cased: one account whatever the spelling", async () => {
    const { users, service } = setup();
    await service.register({ ...credentials, email: "Case@Example.com" });
    expect(users.rows[0]?.email).toBe("case@example.com");
    await expectCode(service.register({ ...credentials, email: " CASE@example.COM " }), "CONFLICT");
    for (const email of ["case@example.com", " CASE@EXAMPLE.COM ", "Case@Example.com"]) {
      expect((await service.login({ ...credentials, email })).accessToken.token).toBeString();
    }
  });

  test("an access token is not accepted as a refresh token", async () => {
    const { service } = setup();
    const pair = await service.register(credentials);
    await expectCode(service.refresh(pair.accessToken.token), "UNAUTHORIZED");
    await expectCode(service.refresh("not-a-token"), "UNAUTHORIZED");
  });

  test("an expired refresh token is refused", async () => {
    const { deps } = setup();
    let now = new Date();
    const service = new AuthService({ ...deps, clock: () => now });
    const pair = await service.register(credentials);
    now = new Date(now.getTime() + 2 * 3600 * 1000);
    await expectCode(service.refresh(pair.refreshToken), "UNAUTHORIZED");
  });
});
