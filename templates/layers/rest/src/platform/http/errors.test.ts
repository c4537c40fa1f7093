import { describe, expect, test } from "bun:test";
import { pino } from "pino";
import { call, createTestApp, type Json } from "../../../test/support/test-app.ts";
import { ServiceBusyError } from "../service-busy.ts";
import { errorHandler } from "./middleware/error-handler.ts";
import { createRouter } from "./router.ts";

function failingApp(exposeStack: boolean) {
  const app = createRouter();
  app.onError(errorHandler(pino({ level: "silent" }), exposeStack));
  app.get("/boom", () => {
    throw new Error("secret internals");
  });
  app.get("/busy", () => {
    throw new ServiceBusyError("every database connection is taken", 1);
  });
  return app;
}

describe("errors", () => {
  test("unknown routes answer 404 in the error shape", async () => {
    const { app } = createTestApp();
    const { status, body } = await call(app, "GET", "/no/such/route");
    expect(status).toBe(404);
    expect(body).toEqual({ status: "error", error: { code: "NOT_FOUND", message: "No route for GET /no/such/route" } });
  });

  test("a 500 hides the cause outside development", async () => {
    const response = await failingApp(false).request("/boom");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: "error",
      error: { code: "INTERNAL_ERROR", message: "Internal server error" },
    });
    expect(text).not.toContain("secret internals");
  });

  test("a busy service answers 503 SERVICE_BUSY with Retry-After, never that the database is not answering", async () => {
    const response = await failingApp(false).request("/busy");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({
      status: "error",
      error: { code: "SERVICE_BUSY", message: "The service is busy: try again in 1 s" },
    });
  });

  test("a 500 shows the stack in development", async () => {
    const body: Json = await (await failingApp(true).request("/boom")).json();
    expect(body.error.details.stack).toContain("secret internals");
  });
});
