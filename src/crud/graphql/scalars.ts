/**
 * Scalars for column kinds GraphQL lacks. Input values stay JSON values (ISO strings, integer strings), so the REST
 * layer's validation (input.ts, filters.ts) checks them and reports the same errors.
 */
import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLFloat,
  GraphQLInt,
  GraphQLScalarType,
  GraphQLString,
  Kind,
} from "graphql";
import type { FieldModel } from "../model.ts";

const int32: readonly [number, number] = [-(2 ** 31), 2 ** 31 - 1];

export const DateTimeScalar = new GraphQLScalarType({
  name: "DateTime",
  description: "An ISO 8601 date-time string, e.g. 2024-05-01T12:00:00.000Z",
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    if (typeof value !== "string") throw new GraphQLError("DateTime must be an ISO 8601 string");
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("DateTime must be an ISO 8601 string");
    return ast.value;
  },
});

export const BigIntScalar = new GraphQLScalarType({
  name: "BigInt",
  description: "A 64-bit integer, output as a decimal string; input as a string or an integer",
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== "string" && typeof value !== "number") throw new GraphQLError("BigInt must be a string");
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT) return ast.value;
    throw new GraphQLError("BigInt must be a string or an integer");
  },
});

function safeInteger(value: unknown): number {
  const number = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number)) {
    throw new GraphQLError(`SafeInt cannot represent ${String(value)}`);
  }
  return number;
}

export const SafeIntScalar = new GraphQLScalarType({
  name: "SafeInt",
  description: "An integer between -(2^53 - 1) and 2^53 - 1 (wider than Int's 32 bits)",
  serialize: safeInteger,
  parseValue: safeInteger,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw new GraphQLError("SafeInt must be an integer");
    return safeInteger(ast.value);
  },
});

function literal(ast: import("graphql").ValueNode): unknown {
  switch (ast.kind) {
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((field) => [field.name.value, literal(field.value)]));
    default:
      throw new GraphQLError("JSON literals cannot contain variables");
  }
}

export const JsonScalar = new GraphQLScalarType({
  name: "JSON",
  description: "Any JSON value",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

/** The GraphQL type of a field's values (nullability is added by the caller). */
export function scalarOf(field: FieldModel): GraphQLScalarType {
  switch (field.kind) {
    case "number":
      if (!field.integer) return GraphQLFloat;
      return field.range && field.range[0] >= int32[0] && field.range[1] <= int32[1] ? GraphQLInt : SafeIntScalar;
    case "bigint":
      return BigIntScalar;
    case "boolean":
      return GraphQLBoolean;
    case "date":
      return DateTimeScalar;
    case "json":
      return JsonScalar;
    default:
      return GraphQLString;
  }
}
