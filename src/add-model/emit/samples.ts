import { type Field, propertyName } from "../field-spec.ts";
import type { Related } from "../model.ts";
import { modelNames } from "../names.ts";
import { sampleValue } from "./fields.ts";

/** A field's sample as TypeScript source (a Date for `time`). */
export function sampleSource(field: Field, n: number): string {
  const value = sampleValue(field, n);
  return field.type === "time" ? `new Date("${value}")` : JSON.stringify(value);
}

/** The stored fields of a model in TypeScript (`{ title: "title 1", categoryId: 1 }`), every reference set to 1. */
export function fieldsSource(model: Related, n: number, references: Record<string, string> = {}, indent = ""): string {
  const entries = [
    ...model.record.fields.map((field) => `${propertyName(field)}: ${sampleSource(field, n)}`),
    ...model.record.belongsTo.map((parent) => {
      const property = `${modelNames(parent).camel}Id`;
      return `${property}: ${references[property] ?? "1"}`;
    }),
  ];
  return `{\n${entries.map((entry) => `${indent}  ${entry},`).join("\n")}\n${indent}}`;
}
