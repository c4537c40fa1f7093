import { describe, expect, test } from "bun:test";
import { connect } from "node:net";
import type { ContractTarget } from "./contract.ts";
import { ContractClient, expectError, expectStatus, expectTokenPair, uniqueEmail } from "./contract-client.ts";

const MB = 1024 * 1024;
const REGISTER = "/api/v1/auth/register";

/** A JSON body of `bytes` bytes (valid JSON, so only its size can be the reason it is refused). */
const jsonOfSize = (bytes: number) => JSON.stringify({ email: uniqueEmail("big"), padding: "x".repeat(bytes) });

/**
 * POSTs `text` with chunked transfer encoding (no Content-Length) over a raw socket, reading the answer while the body
 * still goes out, as curl does: fetch clients read nothing before their upload ends, and a server that refuses the
 * body stops reading it, so they would wait on each other. Resolves with the status line and the body.
 */
function postChunked(url: string, path: string, text: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = "";
    const sending = () => !socket.destroyed && answer === "";
    const socket = connect(Number(port), hostname, async () => {
      try {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n`);
        socket.write("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
        for (let offset = 0; offset < text.length && sending(); offset += 65_536) {
          const chunk = text.slice(offset, offset + 65_536);
          socket.write(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
          // Let the answer be read between chunks: a server that refuses the body closes the connection, and the
          // reset that follows discards whatever the client had not read yet (seen with Node.js, 1 in 20 uploads).
          await new Promise((next) => setTimeout(next, 1));
        }
        if (sending()) socket.write("0\r\n\r\n");
      } catch {
        // The server stopped reading; its answer (or the lack of one) is what the caller checks.
      }
    });
    socket.setEncoding("utf8");
    socket.on("data", (data) => {
      answer += data;
    });
    // The server may close while the body still goes out (EPIPE, ECONNRESET): what it answered before counts.
    let failure: Error | undefined;
    socket.on("error", (error) => {
      failure = error;
    });
    socket.on("close", () => {
      if (answer === "") return reject(failure ?? new Error("closed without an answer"));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      // A chunked answer: keep the JSON between the chunk sizes.
      resolve({ status, body: body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1) });
    });
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
  });
}

/**
 * The HTTP hardening of issue 10 (body limit, media type, method, security headers, documented query types), against
 * the service `target()` describes; called from `describeHttpContract`, so it runs on every database and runtime.
 */
export function describeHttpHardening(target: () => ContractTarget): void {
  const client = () => new ContractClient(target().url);

  describe("HTTP hardening", () => {
    test("a 2 MB body to the unauthenticated register endpoint: 413 PAYLOAD_TOO_LARGE, also chunked; a normal body works", async () => {
      expectError(await client().call("POST", REGISTER, { body: jsonOfSize(2 * MB) }), 413, "PAYLOAD_TOO_LARGE");
      const streamed = await postChunked(target().url, REGISTER, jsonOfSize(2 * MB));
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).error.code).toBe("PAYLOAD_TOO_LARGE");
      const data = await client().register(uniqueEmail("after-big"), "correct horse battery");
      expectStatus(data, 201);
      expectTokenPair((data.json as { data: Record<string, unknown> }).data);
    }, 30_000);

    test("a JSON route given text/plain answers 415 UNSUPPORTED_MEDIA_TYPE", async () => {
      const body = JSON.stringify({ email: uniqueEmail("plain"), password: "correct horse battery" });
      const answer = await client().call("POST", REGISTER, { body, headers: { "content-type": "text/plain" } });
      expectError(answer, 415, "UNSUPPORTED_MEDIA_TYPE");
    });

    test("a known path with another method answers 405 METHOD_NOT_ALLOWED with Allow (after authentication)", async () => {
      const session = await client().newSession("method");
      const cases: [string, string, string][] = [
        ["GET", REGISTER, "POST"],
        ["DELETE", "/api/v1/users", "GET, HEAD"],
        ["POST", `/api/v1/users/${session.id}`, "GET, HEAD, PUT, DELETE"],
        ["POST", "/health", "GET, HEAD"],
      ];
      for (const [method, path, allow] of cases) {
        const answer = await client().call(method, path, { token: session.access });
        expectError(answer, 405, "METHOD_NOT_ALLOWED");
        expect(answer.headers.get("allow")?.split(", ").sort()).toEqual(allow.split(", ").sort());
      }
      // A protected path tells an anonymous caller nothing but 401.
      expectError(await client().call("POST", `/api/v1/users/${session.id}`), 401, "UNAUTHORIZED");
    }, 30_000);

    test("security headers: nosniff, no referrer, no framing, no-store on token answers; /health carries none of them", async () => {
      const answers = {
        register: await client().register(uniqueEmail("headers"), "correct horse battery"),
        error: await client().call("GET", "/api/v1/users"),
        openapi: await client().call("GET", "/apidocs/openapi.json"),
      };
      for (const [name, answer] of Object.entries(answers)) {
        try {
          expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
          expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
          expect(answer.headers.get("x-frame-options")).toBe("DENY");
          expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        } catch (error) {
          throw new Error(`${name}: ${(error as Error).message}`);
        }
      }
      expect(answers.register.headers.get("cache-control")).toBe("no-store");
      // Probes are for orchestrators: the health answer carries its content type and request id, nothing else.
      const health = await fetch(`${target().url}/health`);
      const transport = ["content-length", "date", "connection", "keep-alive"];
      const names = [...health.headers.keys()].filter((name) => !transport.includes(name));
      expect(names.sort()).toEqual(["content-type", "x-request-id"]);
    });

    test("/apidocs has a Content-Security-Policy for its own scripts only, and no framing", async () => {
      const answer = await client().call("GET", "/apidocs");
      expectStatus(answer, 200);
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    });

    test("GET /api/v1/users documents offset and limit as integers, not integer|null", async () => {
      const document = (await client().call("GET", "/apidocs/openapi.json")).json as {
        paths: Record<string, { get: { parameters: { name: string; schema: { type: unknown } }[] } }>;
      };
      const parameters = document.paths["/api/v1/users"]?.get.parameters ?? [];
      for (const name of ["offset", "limit"]) {
        expect(parameters.find((parameter) => parameter.name === name)?.schema.type).toBe("integer");
      }
    });
  });
}
