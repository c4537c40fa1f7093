import { expect } from "bun:test";
import { randomBytes } from "node:crypto";
import { type HttpAnswer, type HttpRequest, http } from "../../support/http.ts";
import { decodeJwt } from "./jwt.ts";

/** Assertions and calls shared by the rows of the HTTP contract (issue 3). */

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export interface Session {
  id: number;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`;
}

/** A fresh e-mail of exactly `length` characters, with DNS labels of at most 63 characters. */
export function emailOfLength(length: number): string {
  const local = uniqueEmail("x").split("@")[0]?.padEnd(60, "a") as string;
  let domain = "example.com";
  while (local.length + 1 + domain.length < length) {
    const missing = length - (local.length + 1 + domain.length);
    domain = `${"b".repeat(Math.min(62, missing - 1) || 1)}.${domain}`;
  }
  const email = `${local}@${domain}`;
  if (email.length !== length) throw new Error(`emailOfLength(${length}) built ${email.length} characters`);
  return email;
}

function describeAnswer(answer: HttpAnswer): string {
  return `HTTP ${answer.status}: ${answer.text.slice(0, 600)}`;
}

/**
 * `toMatchObject` on a copy: Bun 1.4's matcher writes asymmetric matchers (`expect.any(String)`) into the object it
 * checks, which would corrupt answers that are used after the check.
 */
export function expectShape(value: unknown, shape: unknown): void {
  expect(structuredClone(value)).toMatchObject(shape as object);
}

export function expectStatus(answer: HttpAnswer, status: number): void {
  if (answer.status !== status) throw new Error(`expected HTTP ${status}, got ${describeAnswer(answer)}`);
}

/** `{ status: "success", data }` with the given HTTP status; returns `data`. */
export function expectData<T = Record<string, unknown>>(answer: HttpAnswer, status: number): T {
  expectStatus(answer, status);
  expectShape(answer.json, { status: "success" });
  const data = (answer.json as { data?: unknown }).data;
  expect(data).toBeDefined();
  return data as T;
}

/** The one documented error shape: `{ status: "error", error: { code, message, details? } }`, never a stack. */
export function expectError(answer: HttpAnswer, status: number, code: string): Record<string, unknown> {
  expectStatus(answer, status);
  expectShape(answer.json, { status: "error", error: { code, message: expect.any(String) } });
  const error = (answer.json as { error: Record<string, unknown> }).error;
  expect(Object.keys(error).filter((key) => !["code", "message", "details"].includes(key))).toEqual([]);
  // A stack frame ("at fn (file:1:2)") or a "stack" property in the body would leak internals.
  expect(answer.text).not.toMatch(/(\\n|\n)\s*at \S|"stack"/);
  if (error.details !== undefined) expectDetails(error);
  return error;
}

/** zod failures list each problem as `{ path, message }`. */
export function expectDetails(error: Record<string, unknown>): void {
  expect(Array.isArray(error.details)).toBe(true);
  expect((error.details as unknown[]).length).toBeGreaterThan(0);
  for (const detail of error.details as unknown[]) {
    expectShape(detail, { path: expect.anything(), message: expect.any(String) });
  }
}

/** A user object as the API shows it: id, e-mail, ISO UTC timestamps, and nothing about the password. */
export function expectUser(user: unknown, email: string): void {
  expectShape(user, {
    id: expect.any(Number),
    email,
    created_at: expect.stringMatching(ISO_UTC),
    updated_at: expect.stringMatching(ISO_UTC),
  });
  expect(JSON.stringify(user)).not.toMatch(/password|hash|\$2[aby]\$/i);
}

export function expectAccessToken(data: Record<string, unknown>): void {
  expectShape(data, { access_token: expect.any(String), token_type: "Bearer", expires_in: 900 });
}

export function expectTokenPair(data: Record<string, unknown>): void {
  expectAccessToken(data);
  expect(typeof data.refresh_token).toBe("string");
  expect(data.refresh_token).not.toBe(data.access_token);
}

/** A client bound to one running service. */
export class ContractClient {
  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  call(method: string, path: string, request?: HttpRequest): Promise<HttpAnswer> {
    return http(this.url, method, path, request);
  }

  register(email: string, password: string): Promise<HttpAnswer> {
    return this.call("POST", "/api/v1/auth/register", { body: { email, password } });
  }

  login(email: string, password: string): Promise<HttpAnswer> {
    return this.call("POST", "/api/v1/auth/login", { body: { email, password } });
  }

  refresh(refreshToken: unknown): Promise<HttpAnswer> {
    return this.call("POST", "/api/v1/auth/refresh", { body: { refresh_token: refreshToken } });
  }

  /** Registers a fresh user; its id is the access token's `sub` claim, checked against `GET /users/:id`. */
  async newSession(label: string, password = "correct horse battery"): Promise<Session> {
    const email = uniqueEmail(label);
    const data = expectData(await this.register(email, password), 201);
    expectTokenPair(data);
    const access = data.access_token as string;
    const id = Number(decodeJwt(access).payload.sub);
    expect(Number.isInteger(id)).toBe(true);
    expectUser(expectData(await this.call("GET", `/api/v1/users/${id}`, { token: access }), 200), email);
    return { id, email, password, access, refresh: data.refresh_token as string };
  }
}
