import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  getOperationAST,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  validate,
} from "graphql";
import { executableSchema } from "../../src/graphql/graphql-server.ts";
import type { TestApp } from "./test-app.ts";

/** The schema the service serves, built as `npm run apidocs` builds it: no resolver runs. */
const schema = executableSchema({} as Parameters<typeof executableSchema>[0]);

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** What a value of each scalar looks like in JSON; a scalar without an entry fails the check until it has one. */
const scalarChecks: Record<string, (value: unknown) => boolean> = {
  ID: (value) => typeof value === "string",
  String: (value) => typeof value === "string",
  Boolean: (value) => typeof value === "boolean",
  Int: (value) => Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) < 2 ** 31,
  Float: (value) => typeof value === "number" && Number.isFinite(value),
  Time: (value) => typeof value === "string" && ISO_UTC.test(value),
};

/** The README's error table (under `### Errors`): each `extensions.code` with the HTTP statuses it is sent with. */
function documentedErrors(): Map<string, number[]> {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const start = readme.indexOf("### Errors");
  const section = readme.slice(start, readme.indexOf("\n### ", start + 1));
  const rows = section.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+)\|/gm);
  return new Map(
    [...rows].map(([, code, statuses]) => [code as string, (statuses?.match(/\d{3}/g) ?? []).map(Number)]),
  );
}

const documented = documentedErrors();

export interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; [key: string]: unknown };
}

export interface GraphqlAnswer<Result> {
  status: number;
  data?: Result | null;
  errors?: GraphqlError[];
}

/** Where a value breaks the selection's types: `path: problem`, empty when it fits. */
function shapeProblems(
  value: unknown,
  type: GraphQLOutputType,
  selection: SelectionSetNode | undefined,
  path: string,
  context: { fragments: Map<string, FragmentDefinitionNode>; mayBeNull: Set<string> },
): string[] {
  if (value === null) {
    return isNonNullType(type) && !context.mayBeNull.has(path) ? [`${path}: null for ${type}`] : [];
  }
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    if (!Array.isArray(value)) return [`${path}: not a list (${inner})`];
    return value.flatMap((item, index) => shapeProblems(item, inner.ofType, selection, `${path}.${index}`, context));
  }
  if (isScalarType(inner)) {
    const check = scalarChecks[inner.name];
    if (!check) return [`${path}: no check for the scalar ${inner.name}`];
    return check(value) ? [] : [`${path}: ${JSON.stringify(value)} is not a ${inner.name}`];
  }
  if (isEnumType(inner)) {
    return inner.getValue(String(value)) ? [] : [`${path}: ${JSON.stringify(value)} is not a ${inner.name}`];
  }
  if (!isObjectType(inner) || selection === undefined) return [`${path}: unexpected type ${inner}`];
  if (typeof value !== "object" || Array.isArray(value)) return [`${path}: not an object (${inner.name})`];
  const fields = selectedFields(selection, context.fragments);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  const expected = [...fields.keys()].sort();
  if (keys.join() !== expected.join()) return [`${path}: keys ${keys.join(",")}, selected ${expected.join(",")}`];
  return [...fields].flatMap(([key, field]) => {
    if (field.name.value === "__typename")
      return record[key] === inner.name ? [] : [`${path}.${key}: not ${inner.name}`];
    const definition = inner.getFields()[field.name.value];
    if (!definition) return [`${path}.${key}: ${inner.name} has no field ${field.name.value}`];
    return shapeProblems(record[key], definition.type, field.selectionSet, `${path}.${key}`, context);
  });
}

type FieldNode = Extract<SelectionSetNode["selections"][number], { kind: Kind.FIELD }>;

/** The fields a selection asks for, by response key (alias or name), fragments spread. */
function selectedFields(selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>) {
  const fields = new Map<string, FieldNode>();
  for (const node of selection.selections) {
    if (node.kind === Kind.FIELD) fields.set(node.alias?.value ?? node.name.value, node);
    else {
      const set = node.kind === Kind.INLINE_FRAGMENT ? node.selectionSet : fragments.get(node.name.value)?.selectionSet;
      if (set) for (const [key, field] of selectedFields(set, fragments)) fields.set(key, field);
    }
  }
  return fields;
}

/**
 * A client of the app that checks every answer against the schema the service serves: the document is valid for it,
 * the answer is GraphQL over HTTP's (status, content type), `data` has exactly the selected fields with their types,
 * and every error carries an `extensions.code` of the README's table with one of the statuses the table gives it.
 * It remembers the root fields answered without error, so a test can check every operation was walked.
 */
export class ContractWalk {
  readonly #app: TestApp;
  readonly #answered = new Set<string>();

  constructor(app: TestApp) {
    this.#app = app;
  }

  /** The operation with typed variables, as a generated client sends it. */
  run<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables: Variables) {
    return this.send<Result>(document, variables);
  }

  /** The operation with variables the compiler does not check: what a client with a bug sends. */
  async send<Result>(document: DocumentNode, variables: unknown): Promise<GraphqlAnswer<Result>> {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const response = await this.#app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: JSON.stringify({ query: print(document), variables }),
    });
    expect(response.headers.get("content-type")).toStartWith("application/graphql-response+json");
    const body = (await response.json()) as Omit<GraphqlAnswer<Result>, "status">;
    expect(Object.keys(body).filter((key) => !["data", "errors", "extensions"].includes(key))).toEqual([]);
    const answer: GraphqlAnswer<Result> = { status: response.status, ...body };
    for (const error of answer.errors ?? []) {
      expect(typeof error.message).toBe("string");
      expect(documented.get(error.extensions?.code) ?? `${error.extensions?.code} is not in the README`).toContain(
        answer.status,
      );
    }
    const operation = getOperationAST(document);
    const root = operation && schema.getRootType(operation.operation);
    if (!operation || !root) throw new Error("the document has no operation");
    if (answer.errors === undefined) {
      expect(answer.status).toBe(200);
      for (const field of selectedFields(operation.selectionSet, new Map()).values()) {
        this.#answered.add(`${root.name}.${field.name.value}`);
      }
    }
    if (answer.data !== undefined && answer.data !== null) {
      const fragments = new Map(
        document.definitions.flatMap((definition) =>
          definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
        ),
      );
      // An error's field is null, and so is every non-null field above it up to a nullable one.
      const mayBeNull = new Set(
        (answer.errors ?? []).flatMap(({ path = [] }) =>
          path.map((_, end) => ["data", ...path.slice(0, end + 1)].join(".")),
        ),
      );
      const problems = shapeProblems(answer.data, root, operation.selectionSet, "data", { fragments, mayBeNull });
      expect(problems).toEqual([]);
    }
    return answer;
  }

  /** Every Query and Mutation field of the resource's SDL (`sdl`) was answered without error at least once. */
  expectEveryOperationWalked(sdl: URL): void {
    const declared = parse(readFileSync(sdl, "utf8")).definitions.flatMap((definition) =>
      (definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.OBJECT_TYPE_DEFINITION) &&
      ["Query", "Mutation"].includes(definition.name.value)
        ? (definition.fields ?? []).map((field) => `${definition.name.value}.${field.name.value}`)
        : [],
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((field) => !this.#answered.has(field))).toEqual([]);
  }
}

/** The answer has exactly one error, of this code; returns it. */
export function expectError(answer: GraphqlAnswer<unknown>, code: string): GraphqlError {
  expect(answer.errors?.map((error) => error.extensions.code)).toEqual([code]);
  return answer.errors?.[0] as GraphqlError;
}
