import { describe, expect, test } from "bun:test";
import { createRouter } from "../router.ts";
import { notFoundHandler } from "./not-found.ts";

function itemsApp() {
  const app = createRouter();
  app.use("/items/*", async (_c, next) => next());
  app.get("/items/:id", (c) => c.json({ id: c.req.param("id") }));
  app.delete("/items/:id", (c) => c.json({ deleted: true }));
  app.post("/items", (c) => c.json({ created: true }, 201));
  app.notFound(notFoundHandler(app.routes));
  return app;
}

describe("unknown routes and methods", () => {
  test("a known path with another method answers 405 METHOD_NOT_ALLOWED with Allow", async () => {
    const res = await itemsApp().request("/items/7", { method: "PUT" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, DELETE");
    expect(await res.json()).toEqual({
      status: "error",
      error: { code: "METHOD_NOT_ALLOWED", message: "PUT is not allowed on /items/7 (allowed: GET, HEAD, DELETE)" },
    });
    const list = await itemsApp().request("/items", { method: "GET" });
    expect(list.status).toBe(405);
    expect(list.headers.get("allow")).toBe("POST");
  });

  test("an unknown path answers 404 NOT_FOUND, also where only middleware matches", async () => {
    for (const path of ["/nothing", "/items/7/parts"]) {
      const res = await itemsApp().request(path, { method: "POST" });
      expect(res.status).toBe(404);
      expect(res.headers.get("allow")).toBeNull();
      expect(await res.json()).toEqual({
        status: "error",
        error: { code: "NOT_FOUND", message: `No route for POST ${path}` },
      });
    }
  });
});
