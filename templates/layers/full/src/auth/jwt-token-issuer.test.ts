import { describe, expect, test } from "bun:test";
import { sign } from "hono/jwt";
import { JwtTokenIssuer } from "./jwt-token-issuer.ts";

const secret = "a-test-secret-of-at-least-32-bytes!!";
const issuer = new JwtTokenIssuer({ secret, refreshTtlSeconds: 3600 });

describe("JwtTokenIssuer", () => {
  test("access and refresh tokens are told apart", async () => {
    const access = await issuer.issueAccessToken(7);
    const refresh = await issuer.issueRefreshToken(7);
    expect(access.expiresIn).toBe(900);
    expect(await issuer.verifyAccessToken(access.token)).toBe(7);
    expect(await issuer.verifyRefreshToken(refresh.token)).toBe(7);
    expect(await issuer.verifyAccessToken(refresh.token)).toBeUndefined();
    expect(await issuer.verifyRefreshToken(access.token)).toBeUndefined();
  });

  test("two refresh tokens issued at once differ (jti), so their digests do too", async () => {
    const [a, b] = await Promise.all([issuer.issueRefreshToken(1), issuer.issueRefreshToken(1)]);
    expect(issuer.digest(a.token)).not.toBe(issuer.digest(b.token));
  });

  test("tokens signed with another secret, expired or garbled are refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await sign(
      { sub: "7", typ: "access", exp: now + 60 },
      "another-secret-of-at-least-32-bytes!!",
      "HS256",
    );
    const expired = await sign({ sub: "7", typ: "access", exp: now - 60 }, secret, "HS256");
    for (const token of [foreign, expired, "not.a.jwt"]) expect(await issuer.verifyAccessToken(token)).toBeUndefined();
  });

  test('a secret containing "PRIVATE" is used as an HMAC key, not parsed as PEM', async () => {
    const odd = new JwtTokenIssuer({ secret: "MY-PRIVATE-SIGNING-SECRET-0123456789", refreshTtlSeconds: 60 });
    expect(await odd.verifyAccessToken((await odd.issueAccessToken(3)).token)).toBe(3);
  });

  test("a checked access token is accepted again only until it expires", async () => {
    let now = new Date();
    const clocked = new JwtTokenIssuer({ secret, refreshTtlSeconds: 60, clock: () => now });
    const { token, expiresIn } = await clocked.issueAccessToken(5);
    expect(await clocked.verifyAccessToken(token)).toBe(5);
    expect(await clocked.verifyAccessToken(token)).toBe(5);
    now = new Date(now.getTime() + expiresIn * 1000);
    expect(await clocked.verifyAccessToken(token)).toBeUndefined();
  });

  test("a checked token still works only as its own type", async () => {
    const access = (await issuer.issueAccessToken(8)).token;
    const refresh = (await issuer.issueRefreshToken(8)).token;
    expect(await issuer.verifyAccessToken(access)).toBe(8);
    expect(await issuer.verifyRefreshToken(refresh)).toBe(8);
    expect(await issuer.verifyRefreshToken(access)).toBeUndefined();
    expect(await issuer.verifyAccessToken(refresh)).toBeUndefined();
  });

  test("a token without an expiry is refused, even when signed with the secret", async () => {
    const endless = await sign({ sub: "7", typ: "access" }, secret, "HS256");
    expect(await issuer.verifyAccessToken(endless)).toBeUndefined();
  });
});
