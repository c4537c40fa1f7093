import { GraphQLError, Kind, type ValueNode } from "graphql";

/** What `Time` accepts: UTC only (`Z`), seconds required, at most milliseconds. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

const invalid = () =>
  new GraphQLError("Time must be an ISO 8601 UTC date-time such as 2025-01-01T12:00:00.000Z", {
    extensions: { code: "BAD_USER_INPUT" },
  });

function parseTime(value: unknown): Date {
  if (typeof value !== "string" || !ISO_UTC.test(value)) throw invalid();
  const time = new Date(value);
  // 2025-02-30T00:00:00Z has the right shape but is no date: JavaScript rolls it over to March.
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== value.slice(0, 19)) throw invalid();
  return time;
}

/**
 * The behaviour of schema.graphql's `scalar Time`: a Date inside the service, an ISO 8601 UTC string on the wire. A
 * plain object, not a GraphQLScalarType: graphql-tools copies every property of what it is given onto the declared
 * scalar, and a GraphQLScalarType's empty description would replace the SDL's.
 */
export const timeScalar = {
  serialize(value: unknown): string {
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
    throw new GraphQLError(`Time cannot represent ${String(value)}`);
  },
  parseValue: parseTime,
  parseLiteral: (ast: ValueNode): Date => parseTime(ast.kind === Kind.STRING ? ast.value : undefined),
};
