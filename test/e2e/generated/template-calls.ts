import { expect } from "bun:test";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import type { HttpAnswer } from "../../support/http.ts";
import { type ContractClient, expectError, expectStatus, uniqueEmail } from "./contract-client.ts";
import { expectGraphqlError, GraphqlClient, graphqlBody } from "./graphql-client.ts";

/**
 * What the shared suites (boot, image) do with users, in each template's API: a write that creates one, a read of
 * the list (which needs the database), and a request whose log line they check.
 */
export interface TemplateCalls {
  /** Creates a user (full: registers one); `expectWritten` checks the answer. */
  write(client: ContractClient, label: string): Promise<HttpAnswer>;
  expectWritten(answer: HttpAnswer): void;
  /** Reads the list of users (full: with a signed-in user's token). */
  read(client: ContractClient, token?: string): Promise<HttpAnswer>;
  expectReadOk(answer: HttpAnswer): void;
  /** The read while the database is down: SERVICE_UNAVAILABLE, without internals. */
  expectReadFailed(answer: HttpAnswer): void;
  /** A request for the access-log test: its path, the route and status its log line names. */
  logged: { path: string; route: string; status: number };
}

const USERS = "/api/v1/users";

const rest = (template: "full" | "minimal"): TemplateCalls => ({
  write: (client, label) =>
    template === "full"
      ? client.register(uniqueEmail(label), "correct horse battery")
      : client.call("POST", USERS, { body: { email: uniqueEmail(label) } }),
  expectWritten: (answer) => expectStatus(answer, 201),
  read: (client, token) => client.call("GET", USERS, { token }),
  expectReadOk: (answer) => expectStatus(answer, 200),
  expectReadFailed: (answer) => {
    expectError(answer, 503, "SERVICE_UNAVAILABLE");
  },
  // Without a token the full template answers 401 before looking; minimal looks and finds nothing.
  logged: { path: `${USERS}/12345`, route: `${USERS}/:id`, status: template === "full" ? 401 : 404 },
});

const graphql: TemplateCalls = {
  write: (client, label) =>
    new GraphqlClient(client.url).operation("mutation ($e: String!) { createUser(input: { email: $e }) { id } }", {
      e: uniqueEmail(label),
    }),
  expectWritten: (answer) => {
    const body = graphqlBody(answer, 200);
    expect(body.errors).toBeUndefined();
    expect(body.data.createUser.id).toMatch(/^\d+$/);
  },
  read: (client) => new GraphqlClient(client.url).operation("{ users { id } }"),
  expectReadOk: (answer) => expect(graphqlBody(answer, 200).errors).toBeUndefined(),
  expectReadFailed: (answer) => {
    expect(expectGraphqlError(answer, 200, "SERVICE_UNAVAILABLE").message).toBe(
      "The database is not answering: try again shortly",
    );
  },
  logged: { path: "/graphql?query=%7B__typename%7D", route: "/graphql", status: 200 },
};

export const templateCalls = (template: TemplateName): TemplateCalls =>
  template === "graphql" ? graphql : rest(template);
