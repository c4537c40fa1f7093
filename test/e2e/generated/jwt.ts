import { createHmac } from "node:crypto";

/** Just enough JWT to inspect the service's tokens and to forge ones it must refuse (HS256 only). */
export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");

export function decodeJwt(token: string): DecodedJwt {
  const [header, payload] = token.split(".");
  if (!header || !payload) throw new Error(`not a JWT: ${token}`);
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()),
    payload: JSON.parse(Buffer.from(payload, "base64url").toString()),
  };
}

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const unsigned = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

export function hasValidSignature(token: string, secret: string): boolean {
  const unsigned = token.slice(0, token.lastIndexOf("."));
  const signature = token.slice(token.lastIndexOf(".") + 1);
  return createHmac("sha256", secret).update(unsigned).digest("base64url") === signature;
}
