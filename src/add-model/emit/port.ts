import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields, tsType } from "./fields.ts";
import { fileNames } from "./paths.ts";

/** `src/<plural>/<plural>.port.ts`: what the service needs of the storage. */
export function emitPort(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const unique = record.fields.filter((field) => field.unique).map((field) => field.name);
  const conflictNote = unique.length > 0 ? ` Throws a CONFLICT domain error when ${unique.join(" or ")} is taken.` : "";
  const fields = [
    ...record.fields.map((field) => `  ${propertyName(field)}: ${tsType(field)}${field.notNull ? "" : " | null"};`),
    ...referenceFields(context).map((reference) => `  ${reference.property}: number;`),
  ];
  const byParent = referenceFields(context).flatMap(({ parent }) => {
    const Parent = parent.names.pascal;
    const parentId = `${parent.names.camel}Id`;
    return [
      `  /** The ${names.pluralWords} of one ${parent.names.words}, oldest first. */`,
      `  listBy${Parent}(${parentId}: number, page: { limit: number; offset: number }): Promise<${P}[]>;`,
      `  /** The ${names.pluralWords} of several ${parent.names.pluralWords} in one read (for \`include\`). */`,
      `  findBy${Parent}Ids(${parentId}s: number[]): Promise<${P}[]>;`,
      `  /** Whether a ${parent.names.words} still has ${names.pluralWords} (it cannot be deleted then). */`,
      `  existsFor${Parent}(${parentId}: number): Promise<boolean>;`,
    ];
  });
  return [
    `import type { ${P} } from "./${fileNames(names).domain}";`,
    "",
    `export interface ${P}Fields {`,
    ...fields,
    "}",
    "",
    `/** ${names.pluralPascal} that are soft-deleted are invisible through every method. */`,
    `export interface ${P}Repository {`,
    ...(conflictNote ? [`  /**${conflictNote} */`] : []),
    `  create(${names.camel}: ${P}Fields, now: Date): Promise<${P}>;`,
    `  findById(id: number): Promise<${P} | undefined>;`,
    `  /** Several ${names.pluralWords} in one read (for \`include\`); unknown ids are left out. */`,
    `  findByIds(ids: number[]): Promise<${P}[]>;`,
    `  list(page: { limit: number; offset: number }): Promise<${P}[]>;`,
    `  /** Returns undefined for an unknown ${names.words}.${conflictNote} */`,
    `  update(id: number, changes: ${P}Fields, now: Date): Promise<${P} | undefined>;`,
    `  /** Sets the deletion time; false when there was no such (live) ${names.words}. */`,
    `  softDelete(id: number, now: Date): Promise<boolean>;`,
    ...byParent,
    "}",
    "",
  ].join("\n");
}
