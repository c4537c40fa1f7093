import { expect } from "bun:test";
import type { HttpAnswer } from "../../support/http.ts";
import { ContractClient, expectStatus } from "./contract-client.ts";

// biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are walked untyped; a wrong path fails the test anyway.
export type GraphqlBody = { data?: any; errors?: { message: string; path?: string[]; extensions?: any }[] };

/** A client of the `graphql` template: operations over `POST /graphql`, and their answers. */
export class GraphqlClient extends ContractClient {
  /** `POST /graphql` with JSON, accepting what yoga answers by default (GraphQL-over-HTTP statuses). */
  operation(query: string, variables?: Record<string, unknown>, accept = "application/graphql-response+json") {
    return this.call("POST", "/graphql", { body: { query, variables }, headers: { accept } });
  }

  /** An operation that must succeed: HTTP 200, no `errors`; returns `data`. */
  async data(query: string, variables?: Record<string, unknown>) {
    const answer = await this.operation(query, variables);
    const body = graphqlBody(answer, 200);
    if (body.errors) throw new Error(`expected no errors, got ${answer.text.slice(0, 600)}`);
    return body.data;
  }

  /** Creates a user; returns it (id, email, name, createdAt, updatedAt). */
  async createUser(input: { email: string; name?: string | null }) {
    const data = await this.data(
      "mutation ($input: CreateUserInput!) { createUser(input: $input) { id email name createdAt updatedAt } }",
      { input },
    );
    return data.createUser;
  }
}

/** The answer's GraphQL body, with the expected HTTP status. */
export function graphqlBody(answer: HttpAnswer, status: number): GraphqlBody {
  expectStatus(answer, status);
  expect(answer.json).toBeDefined();
  return answer.json as GraphqlBody;
}

/** An answer with exactly one error, of this `extensions.code`, and no stack or driver message; returns the error. */
export function expectGraphqlError(answer: HttpAnswer, status: number, code: string) {
  const body = graphqlBody(answer, status);
  expect(body.errors?.map((error) => error.extensions?.code)).toEqual([code]);
  // A stack frame, or a driver's error code (node:sqlite, mysql2's ER_…, PostgreSQL's SQLSTATE), would leak internals.
  expect(answer.text).not.toMatch(/(\\n|\n)\s*at \S|"stack"|ECONNREFUSED|SQLITE_|\bER_[A-Z]|sqlstate/);
  return body.errors?.[0] as NonNullable<GraphqlBody["errors"]>[number];
}
