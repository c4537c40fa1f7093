import { describe, expect, test } from "bun:test";
import { ContractClient, expectError, expectShape, expectStatus, ISO_UTC } from "./contract-client.ts";

/**
 * The rows of the HTTP contract that every template shares: health, unknown routes, and (REST templates, `apidocs`)
 * the API reference page.
 */
export function describeServiceBasics(target: () => { url: string }, { apidocs = true } = {}): void {
  const client = () => new ContractClient(target().url);

  describe("health", () => {
    test("GET /health answers 200 { status: ok }", async () => {
      const answer = await client().call("GET", "/health");
      expectStatus(answer, 200);
      expect(answer.json).toEqual({ status: "ok" });
    });

    test("GET /health/liveness answers 200", async () => {
      expectStatus(await client().call("GET", "/health/liveness"), 200);
    });

    test("GET /health/readiness answers 200 ready with the database ok", async () => {
      const answer = await client().call("GET", "/health/readiness");
      expectStatus(answer, 200);
      expectShape(answer.json, {
        status: "ready",
        service: expect.any(String),
        timestamp: expect.stringMatching(ISO_UTC),
        checks: { database: "ok" },
      });
    });
  });

  describe("errors", () => {
    test("unknown routes answer 404 NOT_FOUND in the error shape", async () => {
      for (const [method, path] of [
        ["GET", "/no-such-route"],
        ["GET", "/api/v1/no-such-resource"],
        ["POST", "/api/v1/no-such-resource"],
      ] as const) {
        expectError(await client().call(method, path), 404, "NOT_FOUND");
      }
    });
  });

  // GraphQL services have no OpenAPI page: the test is not registered for them (it would not be a skip).
  if (apidocs) {
    describe("API reference page", () => {
      test("GET /apidocs serves an HTML page that loads nothing from other hosts", async () => {
        const answer = await client().call("GET", "/apidocs");
        expectStatus(answer, 200);
        expect(answer.headers.get("content-type")).toContain("text/html");
        const sources = [...answer.text.matchAll(/(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((match) => match[1]);
        expect(sources.filter((source) => /^(https?:)?\/\//.test(source ?? ""))).toEqual([]);
      });
    });
  }
}
