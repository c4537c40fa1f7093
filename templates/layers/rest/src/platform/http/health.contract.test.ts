import { describe, expect, test } from "bun:test";
import { openContract } from "../../../test/support/contract.ts";
import { createTestApp } from "../../../test/support/test-app.ts";

describe("health: the OpenAPI contract", () => {
  test("the health routes answer as the document says, with the database up and down", async () => {
    const up = createTestApp();
    const contract = await openContract(up.app);
    const api = contract.client(up.app);
    const answers = [await api.GET("/health"), await api.GET("/health/liveness"), await api.GET("/health/readiness")];
    expect(answers.map(({ response }) => response.status)).toEqual([200, 200, 200]);
    const down = createTestApp({
      pingDatabase: async () => {
        throw new Error("the database does not answer");
      },
    });
    expect((await contract.client(down.app).GET("/health/readiness")).response.status).toBe(503);
    // A query parameter the probes do not take (the typed client sends none: the request is built by hand).
    for (const path of ["/health", "/health/liveness", "/health/readiness"]) {
      const url = `http://contract.test${path}?verbose=1`;
      const response = await up.app.request(url);
      await contract.check(path, new Request(url), response);
      expect(response.status).toBe(400);
    }
    expect(contract.mismatches).toEqual([]);
    expect(contract.uncovered(["/health", "/health/liveness", "/health/readiness"])).toEqual([]);
  });
});
