import { type Field, propertyName } from "../../field-spec.ts";
import { type EmitContext, USER } from "../../model.ts";
import { modelNames } from "../../names.ts";
import { referenceFields, STRING_LENGTH, sampleSourceOfN } from "../fields.ts";
import { importLines } from "../imports.ts";
import { resourceFile, TEST_SUPPORT } from "../paths.ts";
import { fieldsSource } from "../samples.ts";

/** An input value GraphQL accepts and the resolvers refuse (BAD_USER_INPUT), for the fields that have one. */
const REFUSED: Partial<Record<Field["type"], string>> = {
  string: `"x".repeat(${STRING_LENGTH + 1})`,
  uint: "-1",
};

/** A field's sample in GraphQL's JSON (a Time as its ISO string). */
const jsonValue = (field: Field): string =>
  field.type === "time" ? `${sampleSourceOfN(field)}.toISOString()` : sampleSourceOfN(field);

/** `src/<plural>/<plural>.graphql.test.ts`: the operations and relation fields through the real app. */
export function emitResolversTest(context: EmitContext): string {
  const { record, names, parents, children, hasMany } = context;
  const P = names.pascal;
  const c = names.camel;
  const references = referenceFields(context);
  const nullable = record.fields.filter((field) => !field.notNull);
  const required = record.fields.filter((field) => field.notNull);
  const unique = record.fields.filter((field) => field.unique);
  const refused = [
    ...record.fields.flatMap((field) => {
      const value = REFUSED[field.type];
      return value ? [[propertyName(field), value]] : [];
    }),
    ...references.map(({ property }) => [property, `"abc"`]),
  ];
  const selection = ["id", ...record.fields.map(propertyName), ...references.map((r) => r.property)];
  const tests: string[][] = [];
  tests.push([
    `  test("create${P} returns every field${nullable.length > 0 ? "; a field left out is null" : ""}", async () => {`,
    "    const { app } = await setup();",
    "    const { status, body } = await graphql(app, CREATE, { input: input(1) });",
    "    expect(status).toBe(200);",
    `    expect(body.data.create${P}).toMatchObject({ id: "1", ...input(1) });`,
    `    expect(body.data.create${P}.createdAt).toMatch(/^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$/);`,
    ...(nullable.length > 0
      ? [
          `    const sparse = await graphql(app, CREATE, { input: { ${[
            ...required.map((field) => `${propertyName(field)}: input(2).${propertyName(field)}`),
            ...references.map(({ property }) => `${property}: "1"`),
          ].join(", ")} } });`,
          `    expect(sparse.body.data.create${P}).toMatchObject({ ${nullable.map((field) => `${propertyName(field)}: null`).join(", ")} });`,
        ]
      : []),
    "  });",
  ]);
  tests.push([
    `  test("${c}(id) and ${names.pluralCamel}(limit, offset): oldest first, null for an unknown id, BAD_USER_INPUT out of range", async () => {`,
    "    const { app } = await setup();",
    "    for (const n of [1, 2, 3]) await graphql(app, CREATE, { input: input(n) });",
    `    expect((await graphql(app, \`{ ${c}(id: "2") { id } }\`)).body).toEqual({ data: { ${c}: { id: "2" } } });`,
    `    expect((await graphql(app, \`{ ${c}(id: "99") { id } }\`)).body).toEqual({ data: { ${c}: null } });`,
    `    const page = await graphql(app, "{ ${names.pluralCamel}(limit: 2, offset: 1) { id } }");`,
    `    expect(page.body.data.${names.pluralCamel}).toEqual([{ id: "2" }, { id: "3" }]);`,
    `    const outOfRange = await graphql(app, "{ ${names.pluralCamel}(limit: 101) { id } }");`,
    `    expect(codes(outOfRange.body)).toEqual(["BAD_USER_INPUT"]);`,
    `    expect(outOfRange.body.errors[0].extensions.fields).toEqual([{ field: "limit", message: expect.any(String) }]);`,
    "  });",
  ]);
  if (refused.length > 0) {
    tests.push([
      `  test("an input the checks refuse is BAD_USER_INPUT naming every bad field; nothing is stored", async () => {`,
      "    const { app } = await setup();",
      `    const bad = { ...input(1), ${refused.map(([name, value]) => `${name}: ${value}`).join(", ")} };`,
      "    const { body } = await graphql(app, CREATE, { input: bad });",
      `    expect(codes(body)).toEqual(["BAD_USER_INPUT"]);`,
      "    expect(body.errors[0].extensions.fields.map((f: Json) => f.field).sort()).toEqual([",
      ...refused
        .map(([name]) => `input.${name}`)
        .sort()
        .map((field) => `      "${field}",`),
      "    ]);",
      `    expect((await graphql(app, "{ ${names.pluralCamel} { id } }")).body.data.${names.pluralCamel}).toEqual([]);`,
      "  });",
    ]);
  }
  if (unique.length > 0) {
    tests.push([
      `  test("a taken ${unique[0]?.name} is CONFLICT, on create and on update", async () => {`,
      "    const { app } = await setup();",
      "    await graphql(app, CREATE, { input: input(1) });",
      "    await graphql(app, CREATE, { input: input(2) });",
      '    expect(codes((await graphql(app, CREATE, { input: input(1) })).body)).toEqual(["CONFLICT"]);',
      `    expect(codes((await graphql(app, UPDATE, { id: "2", input: input(1) })).body)).toEqual(["CONFLICT"]);`,
      "  });",
    ]);
  }
  tests.push([
    `  test("update${P} replaces every field; delete${P} soft-deletes; both are NOT_FOUND for an unknown id", async () => {`,
    "    const { app } = await setup();",
    "    await graphql(app, CREATE, { input: input(1) });",
    `    const updated = await graphql(app, UPDATE, { id: "1", input: input(2) });`,
    `    expect(updated.body.data.update${P}).toMatchObject({ id: "1", ...input(2) });`,
    `    expect(codes((await graphql(app, UPDATE, { id: "9", input: input(3) })).body)).toEqual(["NOT_FOUND"]);`,
    `    expect((await graphql(app, \`mutation { delete${P}(id: "1") }\`)).body).toEqual({ data: { delete${P}: true } });`,
    `    expect(codes((await graphql(app, \`mutation { delete${P}(id: "1") }\`)).body)).toEqual(["NOT_FOUND"]);`,
    `    expect((await graphql(app, \`{ ${c}(id: "1") { id } }\`)).body.data.${c}).toBeNull();`,
    "  });",
  ]);
  for (const { parent, property } of references) {
    const plural = parent.names.pluralCamel;
    tests.push([
      `  test("${c}.${parent.names.camel}: the ${parent.names.words} of every ${names.words} of a list in one read; an unknown one is NOT_FOUND", async () => {`,
      `    const { app, ${plural} } = await setup();`,
      `    const unknown = await graphql(app, CREATE, { input: { ...input(1), ${property}: "99" } });`,
      `    expect([codes(unknown.body), unknown.body.errors[0].message]).toEqual([["NOT_FOUND"], "${parent.names.pascal} 99 not found"]);`,
      "    for (let n = 1; n <= 20; n++) await graphql(app, CREATE, { input: input(n) });",
      `    const reads = spyOn(${plural}, "findByIds");`,
      `    const { body } = await graphql(app, "{ ${names.pluralCamel}(limit: 20) { id ${parent.names.camel} { id } } }");`,
      `    expect(body.data.${names.pluralCamel}.map((${c}: Json) => ${c}.${parent.names.camel})).toEqual(Array(20).fill({ id: "1" }));`,
      "    expect(reads).toHaveBeenCalledTimes(1);",
      "  });",
    ]);
  }
  for (const child of children) {
    const childFields = fieldsSource(child, 1, { [`${c}Id`]: "1" }, "    ");
    tests.push([
      `  test("a ${names.words} with live ${child.names.pluralWords} cannot be deleted (CONFLICT)", async () => {`,
      `    const { app, ${child.names.pluralCamel} } = await setup();`,
      "    await graphql(app, CREATE, { input: input(1) });",
      `    const child = await ${child.names.pluralCamel}.create(${childFields}, new Date());`,
      `    expect(codes((await graphql(app, \`mutation { delete${P}(id: "1") }\`)).body)).toEqual(["CONFLICT"]);`,
      `    await ${child.names.pluralCamel}.softDelete(child.id, new Date());`,
      `    expect((await graphql(app, \`mutation { delete${P}(id: "1") }\`)).body.data.delete${P}).toBe(true);`,
      "  });",
    ]);
  }
  for (const child of hasMany) {
    const plural = child.names.pluralCamel;
    const childOf = (id: string) => fieldsSource(child, 1, { [`${c}Id`]: id }, "      ");
    tests.push([
      `  test("${c}.${plural}: the ${child.names.pluralWords} of every ${names.words} of a list in one read", async () => {`,
      `    const { app, ${plural} } = await setup();`,
      "    for (const n of [1, 2]) await graphql(app, CREATE, { input: input(n) });",
      `    const child = await ${plural}.create(${childOf("1")}, new Date());`,
      `    const reads = spyOn(${plural}, "findBy${P}Ids");`,
      `    const { body } = await graphql(app, "{ ${names.pluralCamel} { id ${plural} { id } } }");`,
      `    expect(body.data.${names.pluralCamel}).toEqual([`,
      `      { id: "1", ${plural}: [{ id: String(child.id) }] },`,
      `      { id: "2", ${plural}: [] },`,
      "    ]);",
      "    expect(reads).toHaveBeenCalledTimes(1);",
      "  });",
    ]);
  }
  const seeded = parents.map(
    (parent) =>
      `  await adapters.${parent.names.pluralCamel}.create(${fieldsSource(parent, 1, {}, "  ")}, new Date());`,
  );
  return [
    ...importLines([
      {
        from: "bun:test",
        names: ["describe", "expect", ...(references.length + hasMany.length > 0 ? ["spyOn"] : []), "test"],
      },
      { from: `${TEST_SUPPORT}/model-adapters.ts`, names: ["modelAdapters"] },
      { from: `${TEST_SUPPORT}/modules-app.ts`, names: ["appFromModules"] },
      { from: `${TEST_SUPPORT}/test-app.ts`, names: ["graphql", "type Json"] },
      { from: resourceFile(modelNames(USER), "inMemory"), names: ["InMemoryUserRepository"] },
    ]),
    "",
    `const FIELDS = "${[...selection, "createdAt", "updatedAt"].join(" ")}";`,
    `const CREATE = \`mutation ($input: ${P}Input!) { create${P}(input: $input) { \${FIELDS} } }\`;`,
    `const UPDATE = \`mutation ($id: ID!, $input: ${P}Input!) { update${P}(id: $id, input: $input) { \${FIELDS} } }\`;`,
    "",
    "const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);",
    "",
    `/** A valid input as GraphQL's JSON; \`n\` makes it differ from the others${references.length > 0 ? " (every parent is the first one)" : ""}. */`,
    "const input = (n: number) => ({",
    ...record.fields.map((field) => `  ${propertyName(field)}: ${jsonValue(field)},`),
    ...references.map(({ property }) => `  ${property}: "1",`),
    "});",
    "",
    `/** The real app over fresh in-memory repositories${parents.length > 0 ? `, with one ${parents.map((parent) => parent.names.words).join(" and one ")} (id 1)` : ""}. */`,
    "async function setup() {",
    "  const adapters = { users: new InMemoryUserRepository(), ...modelAdapters() };",
    ...seeded,
    "  return { app: appFromModules(adapters), ...adapters };",
    "}",
    "",
    `describe("${names.pluralWords} over GraphQL", () => {`,
    tests.map((lines) => lines.join("\n")).join("\n\n"),
    "});",
    "",
  ].join("\n");
}
