import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../test/support/test-app.ts";

describe("API docs", () => {
  test("the OpenAPI document lists the operations and puts the bearer scheme on protected ones", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    expect(Object.keys(document.paths)).toContain("/api/v1/auth/register");
    expect(document.paths["/api/v1/users/{id}"].delete.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths["/api/v1/auth/login"].post.security).toEqual([]);
  });

  test("changing and deleting a user document the 403 of another user's record", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    const user = document.paths["/api/v1/users/{id}"];
    expect(Object.keys(user.put.responses)).toContain("403");
    expect(Object.keys(user.delete.responses)).toContain("403");
    expect(Object.keys(user.get.responses)).not.toContain("403");
  });

  test("every operation that uses the database documents its 503s: SERVICE_UNAVAILABLE, SERVICE_BUSY with Retry-After", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    for (const path of ["/api/v1/auth/register", "/api/v1/auth/login", "/api/v1/auth/refresh", "/api/v1/users"]) {
      for (const [method, operation] of Object.entries(document.paths[path] as Record<string, Json>)) {
        const answer = operation.responses["503"];
        expect([path, method, answer?.description, Object.keys(answer?.headers ?? {})]).toEqual([
          path,
          method,
          expect.stringMatching(/SERVICE_UNAVAILABLE.*SERVICE_BUSY/),
          ["Retry-After"],
        ]);
      }
    }
    const codes = document.components.schemas.Error.properties.error.properties.code.enum;
    expect(codes).toContain("SERVICE_UNAVAILABLE");
    expect(codes).toContain("SERVICE_BUSY");
  });

  test("every request body is documented closed: additionalProperties false", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    for (const name of ["Credentials", "RefreshRequest", "UpdateUser"]) {
      expect([name, document.components.schemas[name].additionalProperties]).toEqual([name, false]);
    }
  });

  test("e-mails are documented as such although they are normalised first", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    for (const name of ["Credentials", "UpdateUser"]) {
      expect(document.components.schemas[name].properties.email).toMatchObject({ format: "email", maxLength: 255 });
    }
  });

  test("the reference UI and its assets are served locally", async () => {
    const { app } = createTestApp();
    const page = await (await app.request("/apidocs")).text();
    expect(page).toContain('src="/apidocs/swagger-ui-bundle.js"');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await app.request("/apidocs/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });
});
