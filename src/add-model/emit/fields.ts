import { type Field, propertyName } from "../field-spec.ts";
import type { EmitContext, Related } from "../model.ts";

/** The TypeScript type of a field's value (without null). */
export function tsType(field: Field): string {
  switch (field.type) {
    case "string":
      return "string";
    case "bool":
      return "boolean";
    case "time":
      return "Date";
    default:
      return "number";
  }
}

/** The longest string a `string` field holds (the column's length where the database enforces one). */
export const STRING_LENGTH = 255;

/** The `<parent>_id` reference of each parent, as the fields the code handles like any other. */
export function referenceFields(context: EmitContext): Array<{ parent: Related; name: string; property: string }> {
  return context.parents.map((parent) => ({
    parent,
    name: `${parent.names.snake}_id`,
    property: `${parent.names.camel}Id`,
  }));
}

export { propertyName };

/** `{ a, b }` on one line when it fits in `width`, else one entry per line (what Biome writes). */
export function objectLiteral(entries: string[], indent: string, width = 120): string {
  const flat = `{ ${entries.join(", ")} }`;
  if (entries.length === 0) return "{}";
  if (indent.length + flat.length <= width) return flat;
  return `{\n${entries.map((entry) => `${indent}  ${entry},`).join("\n")}\n${indent}}`;
}

/** A sample JSON value of a field for tests: distinct per `n` where the field is unique. */
export function sampleValue(field: Field, n: number): unknown {
  switch (field.type) {
    case "string":
      return `${field.name.replace(/_/g, " ")} ${n}`;
    case "int":
      return -n * 3;
    case "uint":
      return n * 4;
    case "float64":
      return n + 0.5;
    case "bool":
      return n % 2 === 1;
    case "time":
      return new Date(Date.UTC(2025, 0, n, 12)).toISOString();
  }
}

/** `line` when it fits in 120 columns, else `broken` (the form Biome prints). */
export const fitOrBreak = (line: string, broken: string[]): string[] => (line.length <= 120 ? [line] : broken);

/**
 * `head(params)tail` on one line when it fits in 120 columns, else with one parameter per line, as Biome prints it.
 * `indent` is the indentation of the line.
 */
export function signature(indent: string, head: string, params: string[], tail: string): string[] {
  const flat = `${indent}${head}(${params.join(", ")})${tail}`;
  if (flat.length <= 120) return [flat];
  return [`${indent}${head}(`, ...params.map((param) => `${indent}  ${param},`), `${indent})${tail}`];
}

/**
 * A function taking one destructured object, `name({ a, b }: { a: A; b: B }) {`; when it does not fit, Biome breaks
 * the pattern and the type one member per line.
 */
export function destructuredSignature(head: string, members: Array<[string, string]>, tail: string): string[] {
  const flat = `${head}({ ${members.map(([name]) => name).join(", ")} }: { ${members.map(([name, type]) => `${name}: ${type}`).join("; ")} })${tail}`;
  if (flat.length <= 120) return [flat];
  return [
    `${head}({`,
    ...members.map(([name]) => `  ${name},`),
    "}: {",
    ...members.map(([name, type]) => `  ${name}: ${type};`),
    `})${tail}`,
  ];
}
