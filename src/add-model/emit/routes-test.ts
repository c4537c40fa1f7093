import type { Field } from "../field-spec.ts";
import type { EmitContext, Related } from "../model.ts";
import { modelNames } from "../names.ts";
import { referenceFields, sampleValue } from "./fields.ts";
import { importLines } from "./imports.ts";
import { inputValue } from "./service-test.ts";

/** A JSON value of the wrong type for a field (the 400 test). */
const WRONG: Record<Field["type"], string> = {
  string: "42",
  int: "1.5",
  uint: "-1",
  float64: `"many"`,
  bool: `"yes"`,
  time: `"yesterday"`,
};

// biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal in the emitted test
const BEARER = "`Bearer ${token}`";

/** `body(n)` of a model in source: its fields varying with `n`, each reference from `ids`. */
function bodyFunction(model: Related, ids: string): string[] {
  const references = model.record.belongsTo.map((parent) => `${modelNames(parent).snake}_id`);
  return [
    ...model.record.fields.map((field) => `  ${field.name}: ${jsonValue(field)},`),
    ...references.map((name) => `  ${name}: ${ids}.${name},`),
  ];
}

const jsonValue = (field: Field): string =>
  field.type === "time" ? `${inputValue(field.type, field.name)}.toISOString()` : inputValue(field.type, field.name);

/** `test/adapters/http/<plural>.routes.test.ts`: every route through the real app over in-memory adapters. */
export function emitRoutesTest(context: EmitContext, all: Related[]): string {
  const { record, names, children, hasMany, template } = context;
  const base = `/api/v1/${names.pluralKebab}`;
  const full = template === "full";
  const protectedRoutes = full && !record.public;
  const references = referenceFields(context);
  const nullable = record.fields.filter((field) => !field.notNull);
  const unique = record.fields.filter((field) => field.unique);
  const token = full ? ", token" : "";
  // Every model a test creates over HTTP: this one's parents (and theirs), and its children's other parents.
  const needed = new Map<string, Related>();
  const need = (model: Related) => {
    for (const parent of model.record.belongsTo) {
      const found = all.find((other) => other.record.name === parent);
      if (found && !needed.has(parent)) {
        need(found);
        needed.set(parent, found);
      }
    }
  };
  need(context);
  for (const child of children) need(child);
  needed.delete(record.name);
  const creators = [...needed.values()].map((model) => {
    const parentIds = model.record.belongsTo.map(
      (parent) => `${modelNames(parent).snake}_id: await create${parent}(app${token})`,
    );
    return [
      `/** Creates a ${model.names.words} over HTTP (its parents first) and answers its id. */`,
      `async function create${model.record.name}(app: TestApp${full ? ", token: string" : ""}, n = 1): Promise<number> {`,
      `  const { status, body } = await call(app, "POST", "/api/v1/${model.names.pluralKebab}", {`,
      ...model.record.fields.map((field) => `    ${field.name}: ${jsonValue(field)},`),
      ...parentIds.map((line) => `    ${line},`),
      `  }${token});`,
      `  if (status !== 201) throw new Error(\`creating a ${model.names.words} failed: \${status}\`);`,
      "  return body.data.id;",
      "}",
      "",
    ];
  });
  const setup = [
    "async function setup() {",
    "  const { app } = createTestApp();",
    ...(full ? ["  const { access_token: token } = await registerUser(app);"] : []),
    references.length === 0
      ? "  const ids: Ids = {};"
      : `  const ids = { ${references.map((reference) => `${reference.name}: await create${reference.parent.record.name}(app${token})`).join(", ")} };`,
    `  return { app, ids${token} };`,
    "}",
  ];
  const body = [
    "/** A valid body; `n` makes it differ from the others. */",
    `const body = (n: number, ids: Ids) => ({`,
    ...bodyFunction(context, "ids"),
    "});",
  ];
  const idsType =
    references.length === 0
      ? "type Ids = Record<string, never>;"
      : `type Ids = { ${references.map((reference) => `${reference.name}: number`).join("; ")} };`;
  const tests: string[][] = [];
  tests.push([
    `  test("POST creates a ${names.words}: 201, the envelope and a Location header", async () => {`,
    `    const { app, ids${token} } = await setup();`,
    `    const created = await app.request("${base}", {`,
    `      method: "POST",`,
    `      headers: { "content-type": "application/json"${full ? `, authorization: ${BEARER}` : ""} },`,
    "      body: JSON.stringify(body(1, ids)),",
    "    });",
    "    expect(created.status).toBe(201);",
    `    expect(created.headers.get("location")).toBe("${base}/1");`,
    "    const json: Json = await created.json();",
    "    expect(json).toEqual({",
    `      status: "success",`,
    "      data: { id: 1, ...body(1, ids), created_at: expect.any(String), updated_at: expect.any(String) },",
    "    });",
    "    expect(new Date(json.data.created_at).toISOString()).toBe(json.data.created_at);",
    ...(nullable.length > 0
      ? [
          `    const sparse = await call(app, "POST", "${base}", { ${[
            ...record.fields
              .filter((field) => field.notNull)
              .map((field) => `${field.name}: body(2, ids).${field.name}`),
            ...references.map((reference) => `${reference.name}: ids.${reference.name}`),
          ].join(", ")} }${token});`,
          "    expect(sparse.status).toBe(201);",
          `    expect(sparse.body.data).toMatchObject({ ${nullable.map((field) => `${field.name}: null`).join(", ")} });`,
        ]
      : []),
    "  });",
  ]);
  const badFields = [
    ...record.fields.map((field) => field.name),
    ...references.map((reference) => reference.name),
  ].sort();
  tests.push([
    `  test("POST and PUT: 400 naming every field of the wrong type${record.fields.some((f) => f.notNull) ? " or missing" : ""}", async () => {`,
    `    const { app${token} } = await setup();`,
    `    const wrong = { ${[
      ...record.fields.map((field) => `${field.name}: ${WRONG[field.type]}`),
      ...references.map((reference) => `${reference.name}: "one"`),
    ].join(", ")} };`,
    `    const invalid = await call(app, "POST", "${base}", wrong${token});`,
    "    expect(invalid.status).toBe(400);",
    `    expect(invalid.body.error.code).toBe("VALIDATION_ERROR");`,
    `    const paths = invalid.body.error.details.map((detail: { path: string }) => detail.path);`,
    `    expect([...new Set(paths)].sort()).toEqual(${JSON.stringify(badFields)});`,
    `    expect((await call(app, "PUT", "${base}/1", wrong${token})).status).toBe(400);`,
    ...(record.fields.some((field) => field.notNull) || references.length > 0
      ? [`    expect((await call(app, "POST", "${base}", {}${token})).status).toBe(400);`]
      : []),
    `    expect((await call(app, "POST", "${base}", "not json"${token})).status).toBe(400);`,
    "  });",
  ]);
  if (unique.length > 0) {
    tests.push([
      `  test("a taken ${unique[0]?.name} is a 409 CONFLICT on POST and PUT", async () => {`,
      `    const { app, ids${token} } = await setup();`,
      `    await call(app, "POST", "${base}", body(1, ids)${token});`,
      `    await call(app, "POST", "${base}", body(2, ids)${token});`,
      `    const taken = await call(app, "POST", "${base}", body(1, ids)${token});`,
      `    expect([taken.status, taken.body.error.code]).toEqual([409, "CONFLICT"]);`,
      `    expect((await call(app, "PUT", "${base}/2", body(1, ids)${token})).status).toBe(409);`,
      "  });",
    ]);
  }
  tests.push([
    `  test("list pages with limit and offset; 400 outside their bounds", async () => {`,
    `    const { app, ids${token} } = await setup();`,
    `    for (const n of [1, 2, 3]) await call(app, "POST", "${base}", body(n, ids)${token});`,
    `    const all = await call(app, "GET", "${base}"${full ? ", undefined, token" : ""});`,
    "    expect(all.body.data.map((item: { id: number }) => item.id)).toEqual([1, 2, 3]);",
    `    const page = await call(app, "GET", "${base}?limit=1&offset=1"${full ? ", undefined, token" : ""});`,
    "    expect(page.body.data.map((item: { id: number }) => item.id)).toEqual([2]);",
    `    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"]) {`,
    `      const bad = await call(app, "GET", \`${base}?\${query}\`${full ? ", undefined, token" : ""});`,
    "      expect([query, bad.status]).toEqual([query, 400]);",
    "    }",
    "  });",
  ]);
  const get = (path: string) => `call(app, "GET", ${path}${full ? ", undefined, token" : ""})`;
  const del = (path: string) => `call(app, "DELETE", ${path}${full ? ", undefined, token" : ""})`;
  tests.push([
    `  test("GET by id; 404 for an unknown id, 400 for a non-numeric one", async () => {`,
    `    const { app, ids${token} } = await setup();`,
    `    await call(app, "POST", "${base}", body(1, ids)${token});`,
    `    expect((await ${get(`"${base}/1"`)}).body.data).toMatchObject(body(1, ids));`,
    `    expect(await ${get(`"${base}/999"`)}).toEqual({`,
    "      status: 404,",
    `      body: { status: "error", error: { code: "NOT_FOUND", message: "${names.pascal} 999 not found" } },`,
    "    });",
    `    const bad = await ${get(`"${base}/abc"`)};`,
    "    expect(bad.status).toBe(400);",
    `    expect(bad.body.error.details[0].path).toBe("id");`,
    "  });",
  ]);
  tests.push([
    `  test("PUT replaces every field${nullable.length > 0 ? " (one left out becomes null)" : ""}; 404 for an unknown id", async () => {`,
    `    const { app, ids${token} } = await setup();`,
    `    await call(app, "POST", "${base}", body(1, ids)${token});`,
    `    const replaced = await call(app, "PUT", "${base}/1", body(2, ids)${token});`,
    "    expect(replaced.status).toBe(200);",
    "    expect(replaced.body.data).toMatchObject({ id: 1, ...body(2, ids) });",
    ...(nullable.length > 0
      ? [
          `    const cleared = await call(app, "PUT", "${base}/1", { ${[
            ...record.fields
              .filter((field) => field.notNull)
              .map((field) => `${field.name}: body(3, ids).${field.name}`),
            ...references.map((reference) => `${reference.name}: ids.${reference.name}`),
          ].join(", ")} }${token});`,
          `    expect(cleared.body.data).toMatchObject({ ${nullable.map((field) => `${field.name}: null`).join(", ")} });`,
        ]
      : []),
    `    expect((await call(app, "PUT", "${base}/999", body(3, ids)${token})).status).toBe(404);`,
    "  });",
  ]);
  tests.push([
    `  test("DELETE is a soft delete: 200 with a message, then 404 for the ${names.words}", async () => {`,
    `    const { app, ids${token} } = await setup();`,
    `    await call(app, "POST", "${base}", body(1, ids)${token});`,
    `    expect(await ${del(`"${base}/1"`)}).toEqual({`,
    "      status: 200,",
    `      body: { status: "success", message: "${names.pascal} 1 deleted" },`,
    "    });",
    `    expect((await ${get(`"${base}/1"`)}).status).toBe(404);`,
    `    expect((await call(app, "PUT", "${base}/1", body(1, ids)${token})).status).toBe(404);`,
    `    expect((await ${del(`"${base}/1"`)}).status).toBe(404);`,
    `    expect((await ${get(`"${base}"`)}).body.data).toEqual([]);`,
    "  });",
  ]);
  if (protectedRoutes) {
    tests.push([
      `  test("every route needs an access token: 401 without one", async () => {`,
      `    const { app, ids } = await setup();`,
      `    for (const [method, path] of [`,
      `      ["POST", "${base}"],`,
      `      ["GET", "${base}"],`,
      `      ["GET", "${base}/1"],`,
      `      ["PUT", "${base}/1"],`,
      `      ["DELETE", "${base}/1"],`,
      ...references.map(
        ({ parent, name }) =>
          `      ["GET", \`/api/v1/${parent.names.pluralKebab}/\${ids.${name}}/${names.pluralKebab}\`],`,
      ),
      `    ] as const) {`,
      `      const response = await call(app, method, path, method === "POST" || method === "PUT" ? body(1, ids) : undefined);`,
      `      expect([method, path, response.status, response.body.error.code]).toEqual([method, path, 401, "UNAUTHORIZED"]);`,
      "    }",
      "  });",
    ]);
  }
  for (const { parent, name } of references) {
    const nested = `\`/api/v1/${parent.names.pluralKebab}/\${ids.${name}}/${names.pluralKebab}\``;
    const omitted = `const { ${name}: _, ...fields } = body(1, ids);`;
    tests.push([
      `  test("${parent.names.words}: 404 for an unknown one; nested routes; include=${parent.names.snake}", async () => {`,
      `    const { app, ids${token} } = await setup();`,
      `    const orphan = await call(app, "POST", "${base}", { ...body(1, ids), ${name}: 999 }${token});`,
      `    expect([orphan.status, orphan.body.error.message]).toEqual([404, "${parent.names.pascal} 999 not found"]);`,
      `    ${omitted}`,
      `    const created = await call(app, "POST", ${nested}, fields${token});`,
      `    expect([created.status, created.body.data.${name}]).toEqual([201, ids.${name}]);`,
      `    expect(await ${get(nested)}).toMatchObject({ status: 200, body: { data: [{ id: created.body.data.id }] } });`,
      `    expect((await ${get(`"/api/v1/${parent.names.pluralKebab}/999/${names.pluralKebab}"`)}).status).toBe(404);`,
      `    const included = await ${get(`\`${base}/\${created.body.data.id}?include=${parent.names.snake}\``)};`,
      `    expect(included.body.data.${parent.names.snake}.id).toBe(ids.${name});`,
      `    const listed = await ${get(`"${base}?include=${parent.names.snake}"`)};`,
      `    expect(listed.body.data[0].${parent.names.snake}.id).toBe(ids.${name});`,
      `    expect((await ${get(`\`${base}/\${created.body.data.id}\``)}).body.data.${parent.names.snake}).toBeUndefined();`,
      `    expect((await ${get(`"${base}/1?include=nothing"`)}).status).toBe(400);`,
      "  });",
    ]);
  }
  for (const child of children) {
    const childRefs = child.record.belongsTo.map((parentName) =>
      parentName === record.name
        ? `${modelNames(parentName).snake}_id: 1`
        : `${modelNames(parentName).snake}_id: await create${parentName}(app${token})`,
    );
    const childBody = [
      ...child.record.fields.map((field) => `${field.name}: ${JSON.stringify(sampleValue(field, 1))}`),
      ...childRefs,
    ];
    tests.push([
      `  test("DELETE of a ${names.words} that still has ${child.names.pluralWords}: 409", async () => {`,
      `    const { app, ids${token} } = await setup();`,
      `    await call(app, "POST", "${base}", body(1, ids)${token});`,
      `    const child = await call(app, "POST", "/api/v1/${child.names.pluralKebab}", { ${childBody.join(", ")} }${token});`,
      "    expect(child.status).toBe(201);",
      `    const refused = await ${del(`"${base}/1"`)};`,
      `    expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);`,
      `    await ${del(`\`/api/v1/${child.names.pluralKebab}/\${child.body.data.id}\``)};`,
      `    expect((await ${del(`"${base}/1"`)}).status).toBe(200);`,
      "  });",
    ]);
  }
  for (const child of hasMany) {
    const childRefs = child.record.belongsTo.map((parentName) =>
      parentName === record.name
        ? `${modelNames(parentName).snake}_id: 1`
        : `${modelNames(parentName).snake}_id: await create${parentName}(app${token})`,
    );
    const childBody = [
      ...child.record.fields.map((field) => `${field.name}: ${JSON.stringify(sampleValue(field, 1))}`),
      ...childRefs,
    ];
    tests.push([
      `  test("include=${child.names.pluralSnake} lists the ${child.names.pluralWords} of each ${names.words}", async () => {`,
      `    const { app, ids${token} } = await setup();`,
      `    await call(app, "POST", "${base}", body(1, ids)${token});`,
      `    await call(app, "POST", "${base}", body(2, ids)${token});`,
      `    const child = await call(app, "POST", "/api/v1/${child.names.pluralKebab}", { ${childBody.join(", ")} }${token});`,
      `    const one = await ${get(`"${base}/1?include=${child.names.pluralSnake}"`)};`,
      `    expect(one.body.data.${child.names.pluralSnake}).toEqual([child.body.data]);`,
      `    const list = await ${get(`"${base}?include=${child.names.pluralSnake}"`)};`,
      `    expect(list.body.data.map((item: Json) => item.${child.names.pluralSnake}.length)).toEqual([1, 0]);`,
      "  });",
    ]);
  }
  const text = [
    ...importLines([
      { from: "bun:test", names: ["describe", "expect", "test"] },
      {
        from: "../../support/test-app.ts",
        names: [
          "call",
          "createTestApp",
          "type Json",
          ...(creators.length > 0 ? ["type TestApp"] : []),
          ...(full ? ["registerUser"] : []),
        ],
      },
    ]),
    "",
    idsType,
    "",
    ...creators.flat(),
    ...setup,
    "",
    ...body,
    "",
    `describe("${names.pluralWords} routes", () => {`,
    tests.map((lines) => lines.join("\n")).join("\n\n"),
    "});",
    "",
  ].join("\n");
  return references.length > 0 ? text : withoutIds(text);
}

/** A model without parents needs no ids: the bodies take only `n`. */
const withoutIds = (text: string): string =>
  text
    .replace("type Ids = Record<string, never>;\n\n", "")
    .replace("  const ids: Ids = {};\n", "")
    .replace(/\(n: number, ids: Ids\)/g, "(n: number)")
    .replace(/body\((\w+), ids\)/g, "body($1)")
    .replace(/\{ app, ids(, token)? \}/g, "{ app$1 }")
    .replace(/\{ app, ids \}/g, "{ app }");
