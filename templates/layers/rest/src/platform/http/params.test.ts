import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../../test/support/test-app.ts";
import { idParams, listQuery } from "./params.ts";

const issuesOf = (query: Record<string, string>, schema: typeof listQuery | typeof idParams = listQuery) =>
  schema.safeParse(query).error?.issues.map(({ path, message }) => ({ path, message }));

describe("list query", () => {
  test("limit and offset are documented as plain integers (never null) with their bounds and defaults", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    const parameters: Json[] = document.paths["/api/v1/users"].get.parameters;
    const schemaOf = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
    expect(schemaOf("limit")).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(schemaOf("offset")).toEqual({ type: "integer", minimum: 0, maximum: 2_147_483_647, default: 0 });
  });

  test("a value out of range, negative, fractional or not a number is refused with the range it must be in", () => {
    expect(listQuery.parse({ limit: "10", offset: "20" })).toEqual({ limit: 10, offset: 20 });
    expect(issuesOf({ offset: "-1" })).toEqual([
      { path: ["offset"], message: "must be an integer from 0 to 2147483647" },
    ]);
    expect(issuesOf({ limit: "0" })).toEqual([{ path: ["limit"], message: "must be an integer from 1 to 100" }]);
    expect(issuesOf({ limit: "1.5" })).toEqual([{ path: ["limit"], message: "must be an integer from 1 to 100" }]);
    expect(issuesOf({ limit: "ten" })).toEqual([{ path: ["limit"], message: "must be an integer from 1 to 100" }]);
  });

  test("a parameter the list does not take is refused rather than ignored", () => {
    expect(listQuery.safeParse({ limt: "10" }).error?.issues).toMatchObject([
      { code: "unrecognized_keys", keys: ["limt"] },
    ]);
  });
});

describe("id in the path", () => {
  test("documented as an integer from 1 to the largest 32-bit id", async () => {
    const { app } = createTestApp();
    const document: Json = await (await app.request("/apidocs/openapi.json")).json();
    const [parameter] = document.paths["/api/v1/users/{id}"].get.parameters;
    expect(parameter).toMatchObject({ name: "id", in: "path", required: true });
    expect(parameter.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 2_147_483_647 });
  });

  test("every way of missing the range gets the one message that states it", () => {
    expect(idParams.parse({ id: "42" })).toEqual({ id: 42 });
    for (const id of ["0", "-1", "1.5", "abc", "2147483648", "99999999999", "99999999999999999999"]) {
      expect([id, issuesOf({ id }, idParams)]).toEqual([
        id,
        [{ path: ["id"], message: "must be an integer from 1 to 2147483647" }],
      ]);
    }
  });
});
