import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../../test/support/test-app.ts";

describe("list query", () => {
  test("limit and offset are documented as plain integers (never null) with their bounds and defaults", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    const parameters: Json[] = document.paths["/api/v1/users"].get.parameters;
    const schemaOf = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
    expect(schemaOf("limit")).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(schemaOf("offset")).toEqual({ type: "integer", minimum: 0, default: 0 });
  });
});
