import { describe, expect, test } from "bun:test";
import { Contract } from "./contract.ts";

// A document of one operation, small enough to read: each test breaks one promise of it.
const document = {
  openapi: "3.1.0",
  info: { title: "things", version: "1" },
  paths: {
    "/things/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } }],
        responses: {
          200: {
            description: "The thing",
            headers: { "X-Revision": { required: true, schema: { type: "string", pattern: "^r[0-9]+$" } } },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          400: { description: "Invalid id", content: { "application/json": { schema: { type: "object" } } } },
          404: { description: "No such thing", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        properties: { id: { type: "integer" }, email: { type: "string", format: "email" } },
        required: ["id"],
        additionalProperties: false,
      },
    },
  },
};

const get = (id: string) => new Request(`http://contract.test/things/${id}`);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** The mismatches one exchange of `GET /things/{id}` makes. */
async function mismatches(request: Request, response: Response) {
  const contract = new Contract(document);
  await contract.check("/things/{id}", request, response);
  return contract.mismatches;
}

describe("the contract check", () => {
  test("an answer as documented passes, its schema reached through a $ref", async () => {
    const thing = json(200, { id: 1, email: "ada@example.com" }, { "x-revision": "r7" });
    expect(await mismatches(get("1"), thing)).toEqual([]);
  });

  test("a status the operation does not list is a mismatch", async () => {
    expect(await mismatches(get("1"), json(418, {}))).toEqual([
      "GET /things/{id} -> 418: status not documented (documented: 200, 400, 404)",
    ]);
  });

  test("a body off its schema, another content type or a missing header is a mismatch", async () => {
    const [body] = await mismatches(get("1"), json(200, { id: "1", extra: true }, { "x-revision": "r7" }));
    expect(body).toStartWith("GET /things/{id} -> 200: body");
    expect(body).toContain("must be integer");
    expect(body).toContain("must NOT have additional properties");
    const email = await mismatches(get("1"), json(200, { id: 1, email: "nope" }, { "x-revision": "r7" }));
    expect(email[0]).toContain('must match format "email"');
    const text = new Response("ok", { status: 200, headers: { "content-type": "text/plain", "x-revision": "r7" } });
    expect(await mismatches(get("1"), text)).toEqual([
      "GET /things/{id} -> 200: content type text/plain, documented application/json",
    ]);
    expect(await mismatches(get("1"), json(200, { id: 1 }))).toEqual([
      "GET /things/{id} -> 200: header X-Revision is missing",
    ]);
    const [header] = await mismatches(get("1"), json(200, { id: 1 }, { "x-revision": "seven" }));
    expect(header).toStartWith("GET /things/{id} -> 200: header X-Revision must match pattern");
  });

  test("a 400 is a mismatch only for a request the document accepts", async () => {
    const refused = () => json(400, { error: "invalid id" });
    const [accepted] = await mismatches(get("5"), refused());
    expect(accepted).toStartWith("GET /things/{id} -> 400: the document accepts the request (/things/5)");
    expect(await mismatches(get("0"), refused())).toEqual([]);
    expect(await mismatches(get("abc"), refused())).toEqual([]);
  });

  test("an operation the document does not have is a mismatch", async () => {
    const contract = new Contract(document);
    await contract.check("/others/{id}", get("1"), json(200, {}));
    expect(contract.mismatches).toEqual(["GET /others/{id}: the document has no such operation"]);
  });

  test("uncovered names each listed status no checked answer had", async () => {
    const contract = new Contract(document);
    await contract.check("/things/{id}", get("1"), json(200, { id: 1 }, { "x-revision": "r1" }));
    expect(contract.uncovered(["/things/{id}"])).toEqual(["GET /things/{id} 400", "GET /things/{id} 404"]);
  });
});
