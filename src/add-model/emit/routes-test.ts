import type { Field } from "../field-spec.ts";
import { type EmitContext, type Related, USER } from "../model.ts";
import { modelNames } from "../names.ts";
import { fitOrBreak, referenceFields, sampleSourceOfN, sampleValue } from "./fields.ts";
import { importLines } from "./imports.ts";
import { TEST_SUPPORT } from "./paths.ts";

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

const jsonValue = (field: Field): string =>
  field.type === "time" ? `${sampleSourceOfN(field)}.toISOString()` : sampleSourceOfN(field);

/** An object literal in source, one entry per line (Biome keeps such a literal expanded). */
const expanded = (entries: string[], indent: string): string =>
  `{\n${entries.map((entry) => `${indent}  ${entry},`).join("\n")}\n${indent}}`;

/** `src/<plural>/<plural>.routes.test.ts`: every route through the real app over in-memory adapters. */
export function emitRoutesTest(context: EmitContext, all: Related[]): string {
  const { record, names, children, hasMany, template } = context;
  const base = `/api/v1/${names.pluralKebab}`;
  const full = template === "full";
  const protectedRoutes = full && !record.public;
  const references = referenceFields(context);
  const nullable = record.fields.filter((field) => !field.notNull);
  const required = record.fields.filter((field) => field.notNull);
  const unique = record.fields.filter((field) => field.unique);
  const hasIds = references.length > 0;
  const b = (n: string) => (hasIds ? `body(${n}, ids)` : `body(${n})`);
  const ids = hasIds ? ", ids" : "";
  // Every model a test creates over HTTP: this one's parents (and theirs), and its children's other parents.
  const needed = new Map<string, Related>();
  let needsUser = false;
  const need = (model: Related) => {
    for (const parent of model.record.belongsTo) {
      needsUser ||= parent === USER;
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
  const creators = [
    ...(needsUser ? userCreator(template, names.pluralWords) : []),
    ...[...needed.values()].flatMap((model) => [
      `/** Creates a ${model.names.words} over HTTP (its parents first) and answers its id. */`,
      `async function create${model.record.name}(api: Api, n = 1): Promise<number> {`,
      `  const { status, body } = await api.post("/api/v1/${model.names.pluralKebab}", ${expanded(
        [
          ...model.record.fields.map((field) => `${field.name}: ${jsonValue(field)}`),
          ...model.record.belongsTo.map((parent) => `${modelNames(parent).snake}_id: await create${parent}(api)`),
        ],
        "  ",
      )});`,
      `  if (status !== 201) throw new Error(\`creating a ${model.names.words} failed: \${status}\`);`,
      "  return body.data.id;",
      "}",
      "",
    ]),
  ];
  const client = [
    "/** The routes' client: JSON in and out, through `app.request()`. */",
    `function client(app: TestApp${full ? ", token: string" : ""}) {`,
    "  return {",
    `    get: (path: string) => call(app, "GET", path${full ? ", undefined, token" : ""}),`,
    `    post: (path: string, body: unknown) => call(app, "POST", path, body${full ? ", token" : ""}),`,
    `    put: (path: string, body: unknown) => call(app, "PUT", path, body${full ? ", token" : ""}),`,
    `    delete: (path: string) => call(app, "DELETE", path${full ? ", undefined, token" : ""}),`,
    "  };",
    "}",
    ...(needed.size > 0 || needsUser ? ["", "type Api = ReturnType<typeof client>;"] : []),
  ];
  const setup = [
    "async function setup() {",
    "  const { app } = createTestApp();",
    ...(full ? ["  const { access_token: token } = await registerUser(app);"] : []),
    `  const api = client(app${full ? ", token" : ""});`,
    ...(hasIds
      ? [
          fitOrBreak(
            `  const ids = { ${references.map((reference) => `${reference.name}: await create${reference.parent.record.name}(api)`).join(", ")} };`,
            [],
          )[0] ??
            `  const ids = ${expanded(
              references.map((reference) => `${reference.name}: await create${reference.parent.record.name}(api)`),
              "  ",
            )};`,
        ]
      : []),
    `  return { app, api${full ? ", token" : ""}${ids} };`,
    "}",
  ];
  const body = [
    "/** A valid body; `n` makes it differ from the others. */",
    `const body = (n: number${hasIds ? ", ids: Ids" : ""}) => ({`,
    ...record.fields.map((field) => `  ${field.name}: ${jsonValue(field)},`),
    ...references.map(({ name }) => `  ${name}: ids.${name},`),
    "});",
  ];
  const idsType = hasIds ? [`type Ids = { ${references.map(({ name }) => `${name}: number`).join("; ")} };`, ""] : [];
  const requiredBody = (n: string) =>
    expanded(
      [
        ...required.map((field) => `${field.name}: ${b(n)}.${field.name}`),
        ...references.map(({ name }) => `${name}: ids.${name}`),
      ],
      "    ",
    );
  const tests: string[][] = [];
  tests.push([
    `  test("POST creates a ${names.words}: 201, the envelope and a Location header", async () => {`,
    `    const { app${nullable.length > 0 ? ", api" : ""}${full ? ", token" : ""}${ids} } = await setup();`,
    `    const created = await app.request("${base}", {`,
    `      method: "POST",`,
    `      headers: { "content-type": "application/json"${full ? `, authorization: ${BEARER}` : ""} },`,
    `      body: JSON.stringify(${b("1")}),`,
    "    });",
    "    expect(created.status).toBe(201);",
    `    expect(created.headers.get("location")).toBe("${base}/1");`,
    "    const json: Json = await created.json();",
    "    expect(json).toEqual({",
    `      status: "success",`,
    `      data: { id: 1, ...${b("1")}, created_at: expect.any(String), updated_at: expect.any(String) },`,
    "    });",
    "    expect(new Date(json.data.created_at).toISOString()).toBe(json.data.created_at);",
    ...(nullable.length > 0
      ? [
          `    const sparse = await api.post("${base}", ${requiredBody("2")});`,
          "    expect(sparse.status).toBe(201);",
          `    expect(sparse.body.data).toMatchObject(${expanded(
            nullable.map((field) => `${field.name}: null`),
            "    ",
          )});`,
        ]
      : []),
    "  });",
  ]);
  const badFields = [...record.fields.map((field) => field.name), ...references.map(({ name }) => name)].sort();
  const badList = `[${badFields.map((name) => JSON.stringify(name)).join(", ")}]`;
  tests.push([
    `  test("POST and PUT: 400 naming every field of the wrong type", async () => {`,
    "    const { api } = await setup();",
    `    const wrong = ${expanded(
      [
        ...record.fields.map((field) => `${field.name}: ${WRONG[field.type]}`),
        ...references.map(({ name }) => `${name}: "one"`),
      ],
      "    ",
    )};`,
    `    const invalid = await api.post("${base}", wrong);`,
    "    expect(invalid.status).toBe(400);",
    `    expect(invalid.body.error.code).toBe("VALIDATION_ERROR");`,
    "    const paths = invalid.body.error.details.map((detail: { path: string }) => detail.path);",
    ...fitOrBreak(`    expect([...new Set(paths)].sort()).toEqual(${badList});`, [
      "    expect([...new Set(paths)].sort()).toEqual([",
      ...badFields.map((name) => `      ${JSON.stringify(name)},`),
      "    ]);",
    ]),
    `    expect((await api.put("${base}/1", wrong)).status).toBe(400);`,
    ...(required.length > 0 || hasIds ? [`    expect((await api.post("${base}", {})).status).toBe(400);`] : []),
    `    expect((await api.post("${base}", "not json")).status).toBe(400);`,
    "  });",
  ]);
  const unknownKeys = ["id", "created_at", typoOf(record.fields.map((field) => field.name))].map((key) =>
    JSON.stringify(key),
  );
  tests.push([
    `  test("POST and PUT: an unknown key (a typo, id, a timestamp) is a 400 naming it", async () => {`,
    `    const { api${ids} } = await setup();`,
    `    await api.post("${base}", ${b("1")});`,
    `    for (const key of [${unknownKeys.join(", ")}]) {`,
    `      const unknown = { ...${b("2")}, [key]: 1 };`,
    `      const answers = [await api.post("${base}", unknown), await api.put("${base}/1", unknown)];`,
    "      for (const answer of answers) {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal in the emitted test
    '        const expected = [{ path: key, message: `Unknown key "${key}"` }];',
    "        expect([key, answer.status, answer.body.error.details]).toEqual([key, 400, expected]);",
    "      }",
    "    }",
    `    expect((await api.get("${base}/1")).body.data).toMatchObject(${b("1")});`,
    "  });",
  ]);
  if (unique.length > 0) {
    tests.push([
      `  test("a taken ${unique[0]?.name} is a 409 CONFLICT on POST and PUT", async () => {`,
      `    const { api${ids} } = await setup();`,
      `    await api.post("${base}", ${b("1")});`,
      `    await api.post("${base}", ${b("2")});`,
      `    const taken = await api.post("${base}", ${b("1")});`,
      `    expect([taken.status, taken.body.error.code]).toEqual([409, "CONFLICT"]);`,
      `    expect((await api.put("${base}/2", ${b("1")})).status).toBe(409);`,
      "  });",
    ]);
  }
  tests.push([
    `  test("list pages with limit and offset; 400 outside their bounds", async () => {`,
    `    const { api${ids} } = await setup();`,
    `    for (const n of [1, 2, 3]) await api.post("${base}", ${b("n")});`,
    `    const all = await api.get("${base}");`,
    "    expect(all.body.data.map((item: { id: number }) => item.id)).toEqual([1, 2, 3]);",
    `    const page = await api.get("${base}?limit=1&offset=1");`,
    "    expect(page.body.data.map((item: { id: number }) => item.id)).toEqual([2]);",
    `    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc"]) {`,
    `      const bad = await api.get(\`${base}?\${query}\`);`,
    "      expect([query, bad.status]).toEqual([query, 400]);",
    "    }",
    "  });",
  ]);
  tests.push([
    `  test("GET by id; 404 for an unknown id, 400 for a non-numeric one", async () => {`,
    `    const { api${ids} } = await setup();`,
    `    await api.post("${base}", ${b("1")});`,
    `    expect((await api.get("${base}/1")).body.data).toMatchObject(${b("1")});`,
    `    expect(await api.get("${base}/999")).toEqual({`,
    "      status: 404,",
    `      body: { status: "error", error: { code: "NOT_FOUND", message: "${names.pascal} 999 not found" } },`,
    "    });",
    `    const bad = await api.get("${base}/abc");`,
    "    expect(bad.status).toBe(400);",
    `    expect(bad.body.error.details[0].path).toBe("id");`,
    "  });",
  ]);
  tests.push([
    `  test("PUT replaces every field${nullable.length > 0 ? " (one left out becomes null)" : ""}; 404 for an unknown id", async () => {`,
    `    const { api${ids} } = await setup();`,
    `    await api.post("${base}", ${b("1")});`,
    `    const replaced = await api.put("${base}/1", ${b("2")});`,
    "    expect(replaced.status).toBe(200);",
    `    expect(replaced.body.data).toMatchObject({ id: 1, ...${b("2")} });`,
    ...(nullable.length > 0
      ? [
          `    const cleared = await api.put("${base}/1", ${requiredBody("3")});`,
          `    expect(cleared.body.data).toMatchObject(${expanded(
            nullable.map((field) => `${field.name}: null`),
            "    ",
          )});`,
        ]
      : []),
    `    expect((await api.put("${base}/999", ${b("3")})).status).toBe(404);`,
    "  });",
  ]);
  tests.push([
    `  test("DELETE is a soft delete: 200 with a message, then 404 for the ${names.words}", async () => {`,
    `    const { api${ids} } = await setup();`,
    `    await api.post("${base}", ${b("1")});`,
    `    expect(await api.delete("${base}/1")).toEqual({`,
    "      status: 200,",
    `      body: { status: "success", message: "${names.pascal} 1 deleted" },`,
    "    });",
    `    expect((await api.get("${base}/1")).status).toBe(404);`,
    `    expect((await api.put("${base}/1", ${b("1")})).status).toBe(404);`,
    `    expect((await api.delete("${base}/1")).status).toBe(404);`,
    `    expect((await api.get("${base}")).body.data).toEqual([]);`,
    "  });",
  ]);
  if (protectedRoutes) {
    tests.push([
      `  test("every route needs an access token: 401 without one", async () => {`,
      `    const { app${ids} } = await setup();`,
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
      `      const withBody = method === "POST" || method === "PUT";`,
      `      const answer = await call(app, method, path, withBody ? ${b("1")} : undefined);`,
      `      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 401, "UNAUTHORIZED"]);`,
      "    }",
      "  });",
    ]);
  }
  for (const { parent, name } of references) {
    const nested = `\`/api/v1/${parent.names.pluralKebab}/\${ids.${name}}/${names.pluralKebab}\``;
    // full: another user's id is refused before it is looked up (as the users' routes do).
    const orphan =
      protectedRoutes && parent.templateUser ? [403, "FORBIDDEN"] : [404, `${parent.names.pascal} 999 not found`];
    tests.push([
      `  test("${parent.names.words}: ${orphan[0]} for an unknown one; nested routes; include=${parent.names.snake}", async () => {`,
      "    const { api, ids } = await setup();",
      `    const orphan = await api.post("${base}", { ...body(1, ids), ${name}: 999 });`,
      `    expect([orphan.status, orphan.body.error.${orphan[0] === 403 ? "code" : "message"}]).toEqual([${orphan[0]}, "${orphan[1]}"]);`,
      `    const { ${name}: _, ...fields } = body(1, ids);`,
      `    const created = await api.post(${nested}, fields);`,
      `    expect([created.status, created.body.data.${name}]).toEqual([201, ids.${name}]);`,
      "    const id = created.body.data.id;",
      `    const listed = await api.get(${nested});`,
      "    expect(listed.body.data.map((item: { id: number }) => item.id)).toEqual([id]);",
      `    expect((await api.get("/api/v1/${parent.names.pluralKebab}/999/${names.pluralKebab}")).status).toBe(404);`,
      `    const included = await api.get(\`${base}/\${id}?include=${parent.names.snake}\`);`,
      `    expect(included.body.data.${parent.names.snake}.id).toBe(ids.${name});`,
      ...(parent.templateUser
        ? [
            "    // The users' public shape, as their own routes answer: never the password hash.",
            `    const user = (await api.get(\`/api/v1/users/\${ids.${name}}\`)).body.data;`,
            `    expect(included.body.data.${parent.names.snake}).toEqual(user);`,
            `    expect(Object.keys(user).sort()).toEqual(${JSON.stringify(template === "full" ? ["created_at", "email", "id", "updated_at"] : ["created_at", "email", "id", "name", "updated_at"]).replace(/,/g, ", ")});`,
          ]
        : []),
      `    const all = await api.get("${base}?include=${parent.names.snake}");`,
      `    expect(all.body.data[0].${parent.names.snake}.id).toBe(ids.${name});`,
      `    expect((await api.get(\`${base}/\${id}\`)).body.data.${parent.names.snake}).toBeUndefined();`,
      `    expect((await api.get(\`${base}/\${id}?include=nothing\`)).status).toBe(400);`,
      "  });",
    ]);
  }
  if (protectedRoutes && references.some(({ parent }) => parent.templateUser)) tests.push(othersRefused(context));
  const childBody = (child: Related) =>
    expanded(
      [
        ...child.record.fields.map((field) => `${field.name}: ${JSON.stringify(sampleValue(field, 1))}`),
        ...child.record.belongsTo.map((parentName) =>
          parentName === record.name
            ? `${modelNames(parentName).snake}_id: 1`
            : `${modelNames(parentName).snake}_id: await create${parentName}(api)`,
        ),
      ],
      "    ",
    );
  for (const child of children) {
    tests.push([
      `  test("DELETE of a ${names.words} that still has ${child.names.pluralWords}: 409", async () => {`,
      `    const { api${ids} } = await setup();`,
      `    await api.post("${base}", ${b("1")});`,
      `    const child = await api.post("/api/v1/${child.names.pluralKebab}", ${childBody(child)});`,
      "    expect(child.status).toBe(201);",
      `    const refused = await api.delete("${base}/1");`,
      `    expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);`,
      `    await api.delete(\`/api/v1/${child.names.pluralKebab}/\${child.body.data.id}\`);`,
      `    expect((await api.delete("${base}/1")).status).toBe(200);`,
      "  });",
    ]);
  }
  for (const child of hasMany) {
    tests.push([
      `  test("include=${child.names.pluralSnake} lists the ${child.names.pluralWords} of each ${names.words}", async () => {`,
      `    const { api${ids} } = await setup();`,
      `    await api.post("${base}", ${b("1")});`,
      `    await api.post("${base}", ${b("2")});`,
      `    const child = await api.post("/api/v1/${child.names.pluralKebab}", ${childBody(child)});`,
      `    const one = await api.get("${base}/1?include=${child.names.pluralSnake}");`,
      `    expect(one.body.data.${child.names.pluralSnake}).toEqual([child.body.data]);`,
      `    const list = await api.get("${base}?include=${child.names.pluralSnake}");`,
      `    expect(list.body.data.map((item: Json) => item.${child.names.pluralSnake}.length)).toEqual([1, 0]);`,
      "  });",
    ]);
  }
  return [
    ...importLines([
      { from: "bun:test", names: ["describe", "expect", "test"] },
      {
        from: `${TEST_SUPPORT}/test-app.ts`,
        names: ["call", "createTestApp", "type Json", "type TestApp", ...(full ? ["registerUser"] : [])],
      },
    ]),
    "",
    ...idsType,
    ...client,
    "",
    ...creators,
    ...setup,
    "",
    ...body,
    "",
    `describe("${names.pluralWords} routes", () => {`,
    tests.map((lines) => lines.join("\n")).join("\n\n"),
    "});",
    "",
  ].join("\n");
}

/** A misspelling of the first field (its last two letters swapped) that names no field: the typo of the 400 test. */
function typoOf(fields: string[]): string {
  const first = fields[0] ?? "name";
  let typo = first.length > 1 ? `${first.slice(0, -2)}${first.at(-1)}${first.at(-2)}` : `${first}s`;
  while (typo === first || fields.includes(typo)) typo = `${typo}s`;
  return typo;
}

/** The `createUser` of a test: the signed-up user (`full`: only they may own what the test creates), or a new one. */
function userCreator(template: EmitContext["template"], pluralWords: string): string[] {
  if (template === "full") {
    return [
      `/** The user the test signed up (registerUser, id 1): a user writes only their own ${pluralWords}. */`,
      "const createUser = async (_api: Api): Promise<number> => 1;",
      "",
    ];
  }
  return [
    "let userCount = 0;",
    "",
    "/** Creates a user over HTTP (a new e-mail each time) and answers its id. */",
    "async function createUser(api: Api): Promise<number> {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal in the emitted test
    '  const { status, body } = await api.post("/api/v1/users", { email: `user${++userCount}@example.com` });',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal in the emitted test
    "  if (status !== 201) throw new Error(`creating a user failed: ${status}`);",
    "  return body.data.id;",
    "}",
    "",
  ];
}

/** `full`: another signed-in user reads a user's rows but may not create, change or delete them (403). */
function othersRefused({ names }: EmitContext): string[] {
  const base = `/api/v1/${names.pluralKebab}`;
  return [
    `  test("another user may read but not create, change or delete a user's ${names.pluralWords}: 403", async () => {`,
    "    const { app, api, ids } = await setup();",
    `    const created = await api.post("${base}", body(1, ids));`,
    "    const id = created.body.data.id;",
    "    // The nested route takes the user from its path: its body has no user_id.",
    "    const { user_id: _, ...fields } = body(2, ids);",
    `    const { access_token: other } = await registerUser(app, "grace@example.com");`,
    "    for (const [method, path, payload] of [",
    `      ["POST", "${base}", body(2, ids)],`,
    `      ["POST", \`/api/v1/users/\${ids.user_id}/${names.pluralKebab}\`, fields],`,
    `      ["PUT", \`${base}/\${id}\`, body(2, ids)],`,
    `      ["DELETE", \`${base}/\${id}\`, undefined],`,
    "    ] as const) {",
    "      const answer = await call(app, method, path, payload, other);",
    `      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 403, "FORBIDDEN"]);`,
    "    }",
    `    expect((await call(app, "GET", \`${base}/\${id}\`, undefined, other)).status).toBe(200);`,
    "  });",
  ];
}
