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

/**
 * Test samples of each type: the source of a value varying with the variable `n` (unique fields stay distinct), and
 * the same value for a given `n`.
 */
const SAMPLES: Record<
  Field["type"],
  { source: (name: string) => string; value: (name: string, n: number) => unknown }
> = {
  string: { source: (name) => `\`${words(name)} \${n}\``, value: (name, n) => `${words(name)} ${n}` },
  int: { source: () => "-n * 3", value: (_, n) => -n * 3 },
  uint: { source: () => "n * 4", value: (_, n) => n * 4 },
  float64: { source: () => "n + 0.5", value: (_, n) => n + 0.5 },
  bool: { source: () => "n % 2 === 1", value: (_, n) => n % 2 === 1 },
  time: {
    source: () => "new Date(Date.UTC(2025, 0, n, 12))",
    value: (_, n) => new Date(Date.UTC(2025, 0, n, 12)).toISOString(),
  },
};
const words = (name: string) => name.replace(/_/g, " ");

/** A sample JSON value of a field (a `time` as its ISO string). */
export const sampleValue = (field: Field, n: number): unknown => SAMPLES[field.type].value(field.name, n);

/** The source of a field's sample varying with `n` (a `time` as a Date). */
export const sampleSourceOfN = (field: Field): string => SAMPLES[field.type].source(field.name);

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
