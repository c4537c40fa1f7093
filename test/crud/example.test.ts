/**
 * The example app (examples/crud) as a user runs it: `node examples/crud/main.ts` on a free port, called over HTTP,
 * and its reference UI rendered in headless Chromium with every request checked to stay on the server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { blockForeignRequests, launchChromium } from "../support/browser.ts";
import { chromiumPath, missing } from "../support/env.ts";
import { http } from "../support/http.ts";
import { lintOpenApi } from "../support/openapi-lint.ts";

// biome-ignore lint/suspicious/noExplicitAny: reading JSON answers
type Json = any;

const root = new URL("../../", import.meta.url).pathname;
let server: ReturnType<typeof Bun.spawn> | undefined;
let base = "";

/** Starts the example with PORT=0 and reads the port it reports. */
async function start(): Promise<void> {
  const child = Bun.spawn([`${root}node_modules/.bin/node`, "examples/crud/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    stdout: "pipe",
    stderr: "inherit",
  });
  server = child;
  const reader = child.stdout.getReader();
  let output = "";
  while (!/listening on (http:\S+)/.test(output)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the example exited before listening: ${output}`);
    output += new TextDecoder().decode(value);
  }
  base = /listening on (http:\S+)/.exec(output)?.[1] ?? "";
  reader.releaseLock();
}

beforeAll(start, 120_000);
afterAll(async () => {
  server?.kill("SIGTERM");
  await server?.exited;
});

const call = (method: string, path: string, request?: Parameters<typeof http>[3]) => http(base, method, path, request);

async function token(username: string): Promise<string> {
  const answer = await call("POST", "/auth/token", { body: { username, password: `${username}-password` } });
  expect(answer.status).toBe(200);
  return (answer.json as Json).token;
}

describe("example app over HTTP", () => {
  test("lists books with two filters and a sort, relations nested one level", async () => {
    const answer = await call("GET", "/api/books?year_gt=1960&price_lte=12&sort=year,desc");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-total-count")).toBe("3");
    const page = answer.json as Json;
    expect(page.content.map((b: Json) => b.title)).toEqual(["A Wizard of Earthsea", "The Cyberiad", "Solaris"]);
    expect(page.content[1].author).toEqual({ id: 2, name: "Stanisław Lem", country: "PL", born: 1921 });
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20, first: true, last: true });
  });

  test("hidden author e-mails never appear; filters and the default sort apply", async () => {
    const answer = await call("GET", "/api/authors?country_in=US,PL&born_between=1920,1940");
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain("example.invalid");
    expect((answer.json as Json).content.map((a: Json) => a.name)).toEqual(["Stanisław Lem", "Ursula K. Le Guin"]);
    expect((await call("GET", "/api/authors/1")).text).not.toContain("email");
    expect((await call("GET", "/api/authors?email=x")).headers.get("x-total-count")).toBe("3");
  });

  test("reviews nest their book and its author (mapping DEEP)", async () => {
    const answer = await call("GET", "/api/reviews?rating_gte=5&sort=id");
    expect((answer.json as Json).content.map((r: Json) => [r.reviewer, r.book.title, r.book.author.name])).toEqual([
      ["bob", "A Wizard of Earthsea", "Ursula K. Le Guin"],
      ["bob", "Kindred", "Octavia E. Butler"],
    ]);
  });

  test("tokens from /auth/token: wrong password 401, bad token 401, reader 403, editor 201", async () => {
    expect((await call("POST", "/auth/token", { body: { username: "alice", password: "nope" } })).status).toBe(401);
    const book = { title: "Parable of the Sower", authorId: 3, year: 1993, price: 13 };
    expect((await call("POST", "/api/books", { body: book })).status).toBe(401);
    expect((await call("POST", "/api/books", { body: book, token: "not-a-jwt" })).status).toBe(401);
    const reader = await call("POST", "/api/books", { body: book, token: await token("bob") });
    expect(reader.status).toBe(403);
    expect(reader.json).toMatchObject({ status: 403, error: "Forbidden", path: "/api/books" });
    const created = await call("POST", "/api/books", { body: { ...book, sold: 999 }, token: await token("alice") });
    expect(created.status).toBe(201);
    const row = created.json as Json;
    expect(created.headers.get("location")).toBe(`/api/books/${row.id}`);
    expect(row).toMatchObject({ title: book.title, sold: 0, createdBy: "alice", updatedBy: "alice", version: 0 });
  });

  test("editor lifecycle: read-only PATCH 400, stale version 409, If-Match 412, soft delete and restore", async () => {
    const alice = await token("alice");
    const patchSold = await call("PATCH", "/api/books/2", { body: { sold: 1 }, token: alice });
    expect(patchSold.status).toBe(400);
    expect((patchSold.json as Json).message).toBe("Cannot update read-only field: sold");
    const updated = await call("PATCH", "/api/books/2", { body: { price: 13.5, version: 0 }, token: alice });
    expect(updated.status).toBe(200);
    expect(updated.headers.get("etag")).toBe('"1"');
    expect((updated.json as Json).price).toBe(13.5);
    expect((await call("PATCH", "/api/books/2", { body: { price: 1, version: 0 }, token: alice })).status).toBe(409);
    const ifMatch = { headers: { "if-match": '"0"' }, body: { price: 1 }, token: alice };
    expect((await call("PATCH", "/api/books/2", ifMatch)).status).toBe(412);
    expect((await call("DELETE", "/api/books/4", { token: alice })).status).toBe(204);
    expect((await call("GET", "/api/books/4")).status).toBe(404);
    const deleted = await call("GET", "/api/books?deletedOnly=true");
    expect((deleted.json as Json).content.map((b: Json) => b.id)).toEqual([4]);
    const restored = await call("POST", "/api/books/4/restore", { token: alice });
    expect(restored.status).toBe(200);
    expect((await call("GET", "/api/books/4")).status).toBe(200);
  });

  test("signed-in users write reviews, validated per field; hidden author fields cannot be patched", async () => {
    const bob = await token("bob");
    const bad = await call("POST", "/api/reviews", { body: { bookId: 1, rating: 7, reviewer: "bob" }, token: bob });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      message: "Validation failed",
      errors: [{ field: "rating", rejectedValue: 7, validationGroup: "Create" }],
    });
    const good = await call("POST", "/api/reviews", { body: { bookId: 1, rating: 4, reviewer: "bob" }, token: bob });
    expect(good.status).toBe(201);
    const hidden = await call("PATCH", "/api/authors/1", { body: { email: "x@y.z" }, token: bob });
    expect(hidden.status).toBe(400);
    expect((hidden.json as Json).message).toBe("Cannot update hidden field: email");
    expect((await call("GET", "/api/books?size=101")).status).toBe(400);
  });

  test("hostile input over HTTP: non-JSON bodies 415, other id spellings 404, unbounded filters 400, key PATCH 400", async () => {
    const alice = await token("alice");
    const book = JSON.stringify({ title: "Forged", authorId: 1, year: 2000, price: 1 });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const forged = await call("POST", "/api/books", { body: book, token: alice, headers: { "content-type": type } });
      expect([forged.status, (forged.json as Json).error]).toEqual([415, "Unsupported Media Type"]);
    }
    expect((await call("GET", "/api/books?title_like=Forged")).headers.get("x-total-count")).toBe("0");
    for (const id of ["0x1", "1e0", "1.0", "01", "%2B1"])
      expect((await call("GET", `/api/books/${id}`)).status).toBe(404);
    const filters = Array.from({ length: 1001 }, () => "year_gt=1960").join("&");
    const tooMany = await call("GET", `/api/books?${filters}`);
    expect([tooMany.status, (tooMany.json as Json).message]).toEqual([400, "Too many filter parameters: at most 50"]);
    const key = await call("PATCH", "/api/books/2", { body: { id: 9 }, token: alice });
    expect([key.status, (key.json as Json).message]).toEqual([400, "Cannot update read-only field: id"]);
  });

  test("a review of a soft-deleted book shows the book's id, not the book", async () => {
    const alice = await token("alice");
    expect((await call("GET", "/api/reviews/2")).json).toMatchObject({ book: { id: 3, title: "Solaris" } });
    expect((await call("DELETE", "/api/books/3", { token: alice })).status).toBe(204);
    expect((await call("GET", "/api/reviews/2")).json).toMatchObject({ bookId: 3, book: 3 });
    expect((await call("POST", "/api/books/3/restore", { token: alice })).status).toBe(200);
    expect((await call("GET", "/api/reviews/2")).json).toMatchObject({ book: { id: 3, title: "Solaris" } });
  });
});

describe("example OpenAPI document", () => {
  test("passes Redocly's recommended rules and Spectral's spectral:oas with no error and no warning", async () => {
    const answer = await call("GET", "/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(await lintOpenApi(answer.json)).toEqual([]);
  }, 60_000);
});

describe.skipIf(missing("chromium", chromiumPath))("example reference UI in headless Chromium", () => {
  test("renders every operation of the document, tries one out, and loads nothing from outside the server", async () => {
    const document = (await call("GET", "/api/openapi.json")).json as Json;
    const operations = Object.values(document.paths as Json).flatMap((item: Json) =>
      ["get", "post", "put", "patch", "delete"].filter((method) => item[method]),
    );
    expect(operations.length).toBe(19);
    const origin = new URL(base).origin;
    let foreign: string[] = [];
    const failed: string[] = [];
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
      await page.goto(`${base}/apidocs-ui.html`, { waitUntil: "load", timeout: 60_000 });
      const blocks = page.locator(".opblock");
      await blocks.nth(operations.length - 1).waitFor({ timeout: 60_000 });
      expect(await blocks.count()).toBe(operations.length);
      const paths = await page.locator(".opblock-summary-path").allInnerTexts();
      expect(paths.map((p) => p.replace(/\u200b/g, ""))).toContain("/api/books/{id}/restore");
      // Expand "GET /api/books", try it out and execute: the answer comes from this server.
      const list = page.locator("#operations-Books-listBooks");
      await list.locator(".opblock-summary").click();
      await list.locator(".try-out__btn").click();
      await list.locator(".execute").click();
      const status = list.locator(".live-responses-table tr.response .response-col_status");
      await status.waitFor({ timeout: 30_000 });
      expect((await status.textContent())?.trim()).toStartWith("200");
      expect(await list.locator(".live-responses-table").textContent()).toContain("Kindred");
    } finally {
      await browser.close();
    }
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
  }, 180_000);
});
