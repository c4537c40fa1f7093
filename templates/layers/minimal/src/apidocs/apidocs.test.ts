import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../test/support/test-app.ts";

describe("API docs", () => {
  test("the OpenAPI document lists every users operation, each public (security: []), with no security scheme", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    expect(document.components.securitySchemes).toBeUndefined();
    const operations = Object.values<Json>(document.paths).flatMap((path) => Object.values<Json>(path));
    expect(operations.map((operation) => operation.security)).toEqual(operations.map(() => []));
    expect(Object.keys(document.paths["/api/v1/users"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/v1/users/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(document.paths["/api/v1/users"].post.responses["201"].headers.Location).toBeDefined();
    expect(Object.keys(document.paths["/api/v1/users/{id}"].put.responses).sort()).toEqual([
      "200",
      "400",
      "404",
      "409",
      "413",
      "415",
      "503",
    ]);
  });

  test("the user and its input are documented: e-mail format and lengths, a nullable name", async () => {
    const { app } = createTestApp();
    const { components }: Json = await (await app.request("/apidocs/openapi.json")).json();
    expect(components.schemas.UserInput.properties.email).toMatchObject({ format: "email", maxLength: 255 });
    expect(components.schemas.UserInput.properties.name).toMatchObject({ maxLength: 100 });
    expect(components.schemas.UserInput.required).toEqual(["email"]);
    expect(components.schemas.UserInput.additionalProperties).toBe(false);
    expect(Object.keys(components.schemas.User.properties).sort()).toEqual([
      "created_at",
      "email",
      "id",
      "name",
      "updated_at",
    ]);
  });
});
