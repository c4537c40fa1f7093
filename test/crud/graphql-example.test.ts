/**
 * The example app (examples/crud) serving GraphQL beside REST as a user runs it: on Node (`node examples/crud/main.ts`)
 * and on Deno, called over HTTP with the example's JWTs; GraphiQL rendered in headless Chromium, running a query and
 * loading nothing from another host. (Bun runs the whole behavioural suite: graphql-*.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { blockForeignRequests, launchChromium } from "../support/browser.ts";
import { chromiumPath, missing } from "../support/env.ts";
import { http } from "../support/http.ts";

// biome-ignore lint/suspicious/noExplicitAny: reading JSON answers
type Json = any;

const root = new URL("../../", import.meta.url).pathname;

interface Running {
  readonly base: string;
  stop(): Promise<void>;
}

/** Starts the example with PORT=0 and reads the address it reports. */
async function start(command: string[]): Promise<Running> {
  const child = Bun.spawn(command, {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let output = "";
  while (!/listening on (http:\S+)/.test(output)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the example exited before listening: ${output}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return {
    base: /listening on (http:\S+)/.exec(output)?.[1] ?? "",
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

async function graphql(base: string, query: string, token?: string): Promise<Json> {
  const answer = await http(base, "POST", "/graphql", { body: { query }, ...(token ? { token } : {}) });
  expect(answer.status).toBe(200);
  return answer.json;
}

async function token(base: string, username: string): Promise<string> {
  const answer = await http(base, "POST", "/auth/token", { body: { username, password: `${username}-password` } });
  return (answer.json as Json).token;
}

const listQuery = `{ books(filter: { year_gt: 1960, price_lte: 12 }, sort: [{ field: year, direction: DESC }]) {
  totalCount edges { node { title author { name books { title } } } } } }`;

const runtimes: [string, string[]][] = [
  ["Node", [`${root}node_modules/.bin/node`, "examples/crud/main.ts"]],
  ["Deno", [`${root}node_modules/.bin/deno`, "run", "-A", "examples/crud/main.ts"]],
];

for (const [runtime, command] of runtimes) {
  describe(`example app serves GraphQL on ${runtime}`, () => {
    let app: Running | undefined;
    beforeAll(async () => {
      app = await start(command);
    }, 120_000);
    afterAll(() => app?.stop());

    test("the same filters and sort as REST, with nested relations", async () => {
      const base = app?.base ?? "";
      const rest = (await http(base, "GET", "/api/books?year_gt=1960&price_lte=12&sort=year,desc")).json as Json;
      const answer = await graphql(base, listQuery);
      expect(answer.errors).toBeUndefined();
      const titles = answer.data.books.edges.map((e: Json) => e.node.title);
      expect(titles).toEqual(rest.content.map((b: Json) => b.title));
      expect(answer.data.books.totalCount).toBe(rest.totalElements);
      expect(answer.data.books.edges[1].node.author.name).toBe("Stanisław Lem");
      expect(answer.data.books.edges[1].node.author.books.map((b: Json) => b.title)).toContain("Solaris");
    });

    test("JWT users: anonymous UNAUTHENTICATED, reader FORBIDDEN, editor creates; the SDL is served", async () => {
      const base = app?.base ?? "";
      const create = `mutation { createBook(input: { title: "Parable of the Sower", authorId: 3, year: 1993, price: 13 }) { title createdBy version } }`;
      expect((await graphql(base, create)).errors[0].extensions.code).toBe("UNAUTHENTICATED");
      expect((await graphql(base, create, await token(base, "bob"))).errors[0].extensions.code).toBe("FORBIDDEN");
      const created = await graphql(base, create, await token(base, "alice"));
      expect(created.data.createBook).toEqual({ title: "Parable of the Sower", createdBy: "alice", version: 0 });
      const sdl = await http(base, "GET", "/schema.graphql");
      expect(sdl.text).toContain("createBook(input: BookCreateInput!): Book!");
    });
  });
}

describe.skipIf(missing("chromium", chromiumPath))("GraphiQL in headless Chromium", () => {
  let app: Running | undefined;
  beforeAll(async () => {
    app = await start(runtimes[0]?.[1] ?? []);
  }, 120_000);
  afterAll(() => app?.stop());

  test("renders, runs a query, shows the result, and loads nothing from another host", async () => {
    const base = app?.base ?? "";
    const origin = new URL(base).origin;
    const failed: string[] = [];
    let foreign: string[] = [];
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      foreign = await blockForeignRequests(page, origin);
      page.on("console", (message) => {
        if (message.type() === "error") failed.push(`console: ${message.text()}`);
      });
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
      });
      const query = "{ authors(sort: [{ field: name }]) { edges { node { name books { title } } } } }";
      await page.goto(`${base}/graphiql?query=${encodeURIComponent(query)}`, { waitUntil: "load", timeout: 60_000 });
      await page.locator(".graphiql-container").first().waitFor({ timeout: 60_000 });
      const answered = page.waitForResponse(
        (response) =>
          response.url().startsWith(`${origin}/graphql`) && response.request().postData()?.includes("authors") === true,
        { timeout: 60_000 },
      );
      await page.locator(".graphiql-execute-button").click();
      expect((await answered).status()).toBe(200);
      const result = page.locator(".graphiql-response");
      await result.getByText("Kindred").first().waitFor({ timeout: 30_000 });
      // Monaco renders spaces as non-breaking ones.
      const shown = (await result.textContent())?.replace(/\s+/g, " ");
      expect(shown).toContain('"name": "Octavia E. Butler", "books": [ { "title": "Kindred" } ]');
    } finally {
      await browser.close();
    }
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
  }, 180_000);
});
