import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../test/support/test-app.ts";
import { emailSchema } from "../platform/http/params.ts";

// What client generators rely on, checked over every operation the service has (an added model's included).

async function documentOf(): Promise<Json> {
  const { app } = createTestApp();
  return (await app.request("/apidocs/openapi.json")).json();
}

/** Every operation of the document, as `GET /path` with its object. */
const operationsOf = (document: Json): Array<[string, Json]> =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, Json>).map(([method, operation]): [string, Json] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );

describe("OpenAPI contract", () => {
  test("every operation has its own readable operationId", async () => {
    const ids = operationsOf(await documentOf()).map(([, operation]) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("getHealth");
    expect(ids).toContain("listUsers");
    expect(ids).toContain("getUser");
  });

  test("every operation with a body documents 400, 413 and 415", async () => {
    const withBody = operationsOf(await documentOf()).filter(([, operation]) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(0);
    for (const [name, operation] of withBody) {
      expect([
        name,
        ...Object.keys(operation.responses).filter((status) => ["400", "413", "415"].includes(status)),
      ]).toEqual([name, "400", "413", "415"]);
    }
  });

  test("every id in a path is an integer from 1 to the largest 32-bit one", async () => {
    const parameters = operationsOf(await documentOf()).flatMap(([, operation]) => operation.parameters ?? []);
    const inPath = parameters.filter((parameter: Json) => parameter.in === "path");
    expect(inPath.length).toBeGreaterThan(0);
    for (const { name, schema } of inPath) {
      expect([name, schema]).toMatchObject([name, { type: "integer", minimum: 1, maximum: 2_147_483_647 }]);
    }
  });

  test("NOT_FOUND is components.responses.NotFound, which the operations that read by id refer to", async () => {
    const document = await documentOf();
    expect(document.components.responses.NotFound.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    const byId = operationsOf(document).filter(([name]) => name.endsWith("/{id}"));
    expect(byId.length).toBeGreaterThan(0);
    for (const [name, operation] of byId) {
      expect([name, operation.responses["404"]]).toEqual([name, { $ref: "#/components/responses/NotFound" }]);
    }
    const { app } = createTestApp();
    const answer = async (path: string, method = "GET") => {
      const response = await app.request(path, { method });
      const body: Json = await response.json();
      return [response.status, response.headers.get("allow"), body.error.code];
    };
    expect(await answer("/no/such/route")).toEqual([404, null, "NOT_FOUND"]);
    expect(await answer("/health", "DELETE")).toEqual([405, "GET, HEAD", "METHOD_NOT_ALLOWED"]);
  });

  test("every operation says who may call it: a security requirement, or [] for a public one", async () => {
    for (const [name, operation] of operationsOf(await documentOf())) {
      expect([name, Array.isArray(operation.security)]).toEqual([name, true]);
      expect([name, typeof operation.description]).toEqual([name, "string"]);
      const publicOne = operation.security.length === 0;
      expect([name, operation.description.includes("Anyone may call it")]).toEqual([name, publicOne]);
    }
  });

  test("every tag an operation names is in the document's tags list, with a description (a module lists its own)", async () => {
    const document = await documentOf();
    const described = new Map(document.tags.map((tag: Json) => [tag.name, tag.description]));
    for (const [name, operation] of operationsOf(document)) {
      for (const tag of operation.tags) expect([name, tag, typeof described.get(tag)]).toEqual([name, tag, "string"]);
    }
  });

  test("a probe refuses a query parameter it does not take, as every route does", async () => {
    const { app } = createTestApp();
    const response = await app.request("/health/readiness?verbose=1");
    expect(response.status).toBe(400);
    const body: Json = await response.json();
    expect(body.error.code).toBe("VALIDATION_ERROR");
  });

  test("an e-mail's documented pattern accepts exactly what the service accepts", async () => {
    const schemas: Json[] = Object.values((await documentOf()).components.schemas);
    const emails = schemas.flatMap((schema) =>
      Object.values<Json>(schema.properties ?? {}).filter((property) => property.format === "email"),
    );
    expect(emails.length).toBeGreaterThan(0);
    for (const address of ["ada@example.com", "a.b+c@mail.example.org", "a@example.c", "a@b", "a..b@example.com"]) {
      const accepted = emailSchema.safeParse(address).success;
      for (const { pattern } of emails)
        expect([address, new RegExp(pattern, "u").test(address)]).toEqual([address, accepted]);
    }
    expect(emailSchema.safeParse("a@example.c").success).toBe(false);
  });
});
