import { propertyName } from "../field-spec.ts";
import type { EmitContext, Related } from "../model.ts";
import { referenceFields, sampleSourceOfN } from "./fields.ts";
import { importLines } from "./imports.ts";
import { inMemoryImport, resourceImport } from "./paths.ts";
import { fieldsSource } from "./samples.ts";

/** `src/<plural>/<model>.service.test.ts`: the service over the in-memory repositories. */
export function emitServiceTest(context: EmitContext): string {
  const { record, names, parents, children, template } = context;
  const graphql = template === "graphql";
  const hasMany = graphql ? [] : context.hasMany;
  const P = names.pascal;
  const plural = names.pluralCamel;
  const references = referenceFields(context);
  const repositories = [context, ...parents, ...children].filter(
    (model, i, all) => all.findIndex((other) => other.names.pascal === model.names.pascal) === i,
  );
  const nullable = record.fields.filter((field) => !field.notNull);
  const required = record.fields.filter((field) => field.notNull);
  const unique = record.fields.filter((field) => field.unique);
  const input = [
    `/** A valid input; \`n\` makes it differ from the others${references.length > 0 ? " (every parent is the first one)" : ""}. */`,
    `const input = (n: number) => ({`,
    ...record.fields.map((field) => `  ${propertyName(field)}: ${sampleSourceOfN(field)},`),
    ...references.map((reference) => `  ${reference.property}: 1,`),
    "});",
  ];
  const setupLines = [
    "async function setup() {",
    "  let tick = 0;",
    ...repositories.map(
      (model) => `  const ${model.names.pluralCamel} = new InMemory${model.names.pascal}Repository();`,
    ),
    "  const clock = () => new Date(Date.UTC(2025, 0, 1) + tick++ * 1_000);",
    `  const service = new ${P}Service({ ${repositories.map((model) => model.names.pluralCamel).join(", ")}, clock });`,
    ...parents.flatMap((parent) => [
      `  const ${parent.names.camel} = ${fieldsSource(parent, 1, {}, "  ")};`,
      `  await ${parent.names.pluralCamel}.create(${parent.names.camel}, clock());`,
    ]),
    `  return { ${repositories.map((model) => model.names.pluralCamel).join(", ")}, service };`,
    "}",
  ];
  const tests: string[][] = [];
  tests.push([
    `  test("create stores every field${nullable.length > 0 ? "; a field left out is null" : ""}", async () => {`,
    "    const { service } = await setup();",
    `    const ${names.camel} = await service.create(input(1));`,
    `    expect(${names.camel}).toMatchObject({ id: 1, ...input(1) });`,
    `    expect(${names.camel}.createdAt).toEqual(${names.camel}.updatedAt);`,
    ...(nullable.length > 0
      ? [
          `    const sparse = await service.create({ ${[
            ...required.map((field) => `${propertyName(field)}: input(2).${propertyName(field)}`),
            ...references.map((reference) => `${reference.property}: 1`),
          ].join(", ")} });`,
          `    expect(sparse).toMatchObject({ ${nullable.map((field) => `${propertyName(field)}: null`).join(", ")} });`,
        ]
      : []),
    "  });",
  ]);
  if (unique.length > 0) {
    tests.push([
      `  test("a taken ${unique[0]?.name} is a CONFLICT on create and update", async () => {`,
      "    const { service } = await setup();",
      "    await service.create(input(1));",
      "    const other = await service.create(input(2));",
      `    await expect(service.create(input(1))).rejects.toMatchObject({ code: "CONFLICT" });`,
      `    await expect(service.update(other.id, input(1))).rejects.toMatchObject({ code: "CONFLICT" });`,
      "  });",
    ]);
  }
  tests.push([
    `  test("get and list with paging; unknown ids are NOT_FOUND", async () => {`,
    "    const { service } = await setup();",
    "    const a = await service.create(input(1));",
    "    const b = await service.create(input(2));",
    "    expect(await service.get(a.id)).toEqual(a);",
    "    expect(await service.list({ limit: 10, offset: 0 })).toEqual([a, b]);",
    "    expect(await service.list({ limit: 1, offset: 1 })).toEqual([b]);",
    `    await expect(service.get(99)).rejects.toMatchObject({ code: "NOT_FOUND", message: "${P} 99 not found" });`,
    "  });",
  ]);
  tests.push([
    `  test("update replaces every field and moves the update time; unknown ids are NOT_FOUND", async () => {`,
    "    const { service } = await setup();",
    "    const a = await service.create(input(1));",
    "    const updated = await service.update(a.id, input(3));",
    "    expect(updated).toMatchObject({ ...input(3), id: a.id, createdAt: a.createdAt });",
    "    expect(updated.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());",
    `    await expect(service.update(99, input(4))).rejects.toMatchObject({ code: "NOT_FOUND" });`,
    "  });",
  ]);
  tests.push([
    `  test("delete is soft and hides the ${names.words}; deleting again is NOT_FOUND", async () => {`,
    `    const { ${plural}, service } = await setup();`,
    "    const a = await service.create(input(1));",
    "    await service.delete(a.id);",
    `    expect(${plural}.rows[0]?.deletedAt).toBeInstanceOf(Date);`,
    `    await expect(service.get(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });`,
    "    expect(await service.list({ limit: 10, offset: 0 })).toEqual([]);",
    `    await expect(service.delete(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });`,
    "  });",
  ]);
  for (const { parent, property } of references) {
    const Parent = parent.names.pascal;
    if (graphql) {
      tests.push(parentTest(context, parent, property));
      continue;
    }
    tests.push([
      `  test("a ${names.words} needs a live ${parent.names.words}: NOT_FOUND otherwise; listBy${Parent} and include=${parent.names.snake}", async () => {`,
      `    const { ${parent.names.pluralCamel}, service } = await setup();`,
      ...unknownParentRefused(Parent, property),
      `    expect(await service.listBy${Parent}(1, { limit: 10, offset: 0 })).toEqual([a]);`,
      `    await expect(service.listBy${Parent}(99, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });`,
      `    const withParent = await service.get(a.id, ["${parent.names.snake}"]);`,
      `    expect(withParent.${parent.names.camel}).toEqual(await ${parent.names.pluralCamel}.findById(1));`,
      `    expect((await service.get(a.id)).${parent.names.camel}).toBeUndefined();`,
      "  });",
    ]);
  }
  for (const child of children) {
    const childFields = fieldsSource(child, 1, { [`${names.camel}Id`]: "a.id" }, "    ");
    tests.push([
      `  test("a ${names.words} with live ${child.names.pluralWords} cannot be deleted (CONFLICT)", async () => {`,
      `    const { ${child.names.pluralCamel}, service } = await setup();`,
      "    const a = await service.create(input(1));",
      `    const fields = ${childFields};`,
      `    const child = await ${child.names.pluralCamel}.create(fields, new Date());`,
      `    await expect(service.delete(a.id)).rejects.toMatchObject({ code: "CONFLICT" });`,
      `    await ${child.names.pluralCamel}.softDelete(child.id, new Date());`,
      "    await service.delete(a.id);",
      "  });",
    ]);
  }
  if (graphql && children.length > 0) {
    tests.push([
      `  test("getByIds reads several ${names.pluralWords} at once, leaving out unknown and deleted ones", async () => {`,
      "    const { service } = await setup();",
      "    const a = await service.create(input(1));",
      "    const b = await service.create(input(2));",
      "    await service.delete(b.id);",
      "    expect(await service.getByIds([a.id, b.id, 99])).toEqual([a]);",
      "  });",
    ]);
  }
  for (const child of hasMany) {
    const childFields = fieldsSource(child, 1, { [`${names.camel}Id`]: "a.id" }, "    ");
    tests.push([
      `  test("include=${child.names.pluralSnake} loads the ${child.names.pluralWords} of every ${names.words} read", async () => {`,
      `    const { ${child.names.pluralCamel}, service } = await setup();`,
      "    const a = await service.create(input(1));",
      "    const b = await service.create(input(2));",
      `    const fields = ${childFields};`,
      `    const child = await ${child.names.pluralCamel}.create(fields, new Date());`,
      `    const [first, second] = await service.list({ limit: 10, offset: 0 }, ["${child.names.pluralSnake}"]);`,
      `    expect([first?.${child.names.pluralCamel}, second?.${child.names.pluralCamel}]).toEqual([[child], []]);`,
      `    expect((await service.get(b.id, ["${child.names.pluralSnake}"])).${child.names.pluralCamel}).toEqual([]);`,
      `    expect((await service.get(a.id)).${child.names.pluralCamel}).toBeUndefined();`,
      "  });",
    ]);
  }
  return [
    ...importLines([
      { from: "bun:test", names: ["describe", "expect", "test"] },
      { from: resourceImport(names, names, "service"), names: [`${P}Service`] },
      ...repositories.map((model) => ({
        from: inMemoryImport(names, model, template),
        names: [`InMemory${model.names.pascal}Repository`],
      })),
    ]),
    "",
    ...setupLines,
    "",
    ...input,
    "",
    `describe("${P}Service", () => {`,
    tests.map((lines) => lines.join("\n")).join("\n\n"),
    "});",
    "",
  ].join("\n");
}

/** GraphQL: the parent must be live; `listBy<Parent>Ids` when the parent lists its children (`--has-many`). */
function parentTest({ names }: EmitContext, parent: Related, property: string): string[] {
  const Parent = parent.names.pascal;
  const listed = parent.record.hasMany.includes(names.pascal);
  return [
    `  test("a ${names.words} needs a live ${parent.names.words}: NOT_FOUND otherwise${listed ? `; listBy${Parent}Ids` : ""}", async () => {`,
    "    const { service } = await setup();",
    ...unknownParentRefused(Parent, property),
    ...(listed ? [`    expect(await service.listBy${Parent}Ids([1, 99])).toEqual([a]);`] : []),
    "  });",
  ];
}

/** The lines of a parent test that create with an unknown parent, then update to one: NOT_FOUND both times. */
function unknownParentRefused(Parent: string, property: string): string[] {
  return [
    `    await expect(service.create({ ...input(1), ${property}: 99 })).rejects.toMatchObject({`,
    `      code: "NOT_FOUND",`,
    `      message: "${Parent} 99 not found",`,
    "    });",
    "    const a = await service.create(input(1));",
    `    await expect(service.update(a.id, { ...input(2), ${property}: 99 })).rejects.toMatchObject({ code: "NOT_FOUND" });`,
  ];
}
