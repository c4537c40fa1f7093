import { describe, expect, test } from "bun:test";
import { pino } from "pino";
import { z } from "zod";
import { createApp } from "../app.ts";
import type { Container } from "../container.ts";
import { ConfigError } from "./config.ts";
import type { AppDatabase } from "./database/dialect.ts";
import { createRouter } from "./http/router.ts";
import { createContainer, defineModule, loadConfig, moduleStops, startModules, type Wired } from "./module.ts";

const logger = pino({ level: "silent" });
const events: string[] = [];

/** A module that reads one setting, counts how often its adapters are built, and records its life cycle. */
const greetings = defineModule({
  config: {
    shape: { GREETING: z.string().min(2) },
    rules: [({ GREETING }) => (GREETING === "no" ? { variable: "GREETING", message: "must not be no" } : undefined)],
  },
  adapters: () => {
    events.push("adapters");
    return { words: { hello: "hello" } };
  },
  provide: ({ config, adapters }) => ({ greet: () => `${config.GREETING} ${adapters.words.hello}` }),
  routes: ({ greet }: { greet: () => string }) => {
    const router = createRouter();
    router.get("/", (c) => c.json({ text: greet() }));
    return [{ path: "/greetings", router }];
  },
  middleware: () => [
    async (c, next) => {
      events.push(`middleware ${c.req.path}`);
      await next();
      c.res.headers.set("x-module", "greetings");
    },
  ],
  securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" } },
  // What a module describing the whole app does (rest's apidocs module): it sees every module once routes are in.
  mount: (app, all) => {
    const schemes = Object.assign({}, ...all.map((module) => module.securitySchemes ?? {}));
    app.get("/described", (c) => c.json({ routes: app.routes.some((route) => route.path === "/greetings"), schemes }));
  },
  start: () => {
    events.push("start greetings");
  },
  stop: async () => {
    events.push("stop greetings");
  },
});

const counter = defineModule({
  config: { shape: { COUNT: z.coerce.number().int().min(1) } },
  provide: () => ({}),
  start: () => {
    events.push("start counter");
  },
  stop: async () => {
    events.push("stop counter");
  },
});

const modules = [greetings, counter] as const;

// Checked by tsc (npm run typecheck), not at run time: a list whose needs are met satisfies `Wired`; otherwise each
// module needing a key no module provides, or provides with another type, stands as a message naming the keys. An
// optional need may be absent.
modules satisfies Wired<typeof modules>;
const needy = defineModule({
  provide: () => ({}),
  routes: (_container: { greet: () => number; count: number; note?: string }) => [],
});
type Unmet = Wired<readonly [typeof greetings, typeof needy]>[1];
[
  "needs count, which no module provides (with that type)",
  "needs greet, which no module provides (with that type)",
] satisfies Unmet[];
// @ts-expect-error `note` is optional: no message names it
"needs note, which no module provides (with that type)" satisfies Unmet;

const offline = {} as AppDatabase;

describe("modules", () => {
  test("loadConfig validates the base settings and every module's fragment, naming every bad variable at once", () => {
    const config = loadConfig(modules, { GREETING: "hi", COUNT: "3" });
    expect({ greeting: config.GREETING, count: config.COUNT, port: config.PORT }).toEqual({
      greeting: "hi",
      count: 3,
      port: 8080,
    });
    const error = (() => {
      try {
        loadConfig(modules, { GREETING: "x", COUNT: "0", PORT: "eighty" });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    for (const variable of ["GREETING:", "COUNT:", "PORT:"]) expect(error?.message).toContain(variable);
    expect(() => loadConfig(modules, { GREETING: "no", COUNT: "1" })).toThrow("GREETING: must not be no");
  });

  test("adapters are built once from the database, or taken as given (tests) without building any", () => {
    events.length = 0;
    const config = loadConfig(modules, { GREETING: "hi", COUNT: "1" });
    expect(createContainer(modules, { config, logger, db: offline }).greet()).toBe("hi hello");
    expect(events).toEqual(["adapters"]);
    const given = createContainer(modules, { config, logger, adapters: { words: { hello: "world" } } });
    expect(given.greet()).toBe("hi world");
    expect(events).toEqual(["adapters"]);
  });

  test("the app mounts each module's routes, puts its middleware in front, then runs each module's mount", async () => {
    events.length = 0;
    const config = loadConfig(modules, { GREETING: "hi", COUNT: "1" });
    const container = createContainer(modules, { config, logger, db: offline });
    const app = createApp({
      container: container as unknown as Container,
      logger,
      service: "test",
      exposeErrors: false,
      pingDatabase: async () => {},
      modules,
    });
    const res = await app.request("/greetings");
    expect(await res.json()).toEqual({ text: "hi hello" });
    expect(res.headers.get("x-module")).toBe("greetings");
    expect((await app.request("/health")).headers.get("x-module")).toBe("greetings");
    expect(events).toEqual(["adapters", "middleware /greetings", "middleware /health"]);
    expect(await (await app.request("/described")).json()).toEqual({
      routes: true,
      schemes: { apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" } },
    });
  });

  test("start hooks run in module order; stop hooks are shutdown steps in reverse order", async () => {
    events.length = 0;
    await startModules(modules, { config: loadConfig(modules, { GREETING: "hi", COUNT: "1" }), logger });
    for (const stop of moduleStops(modules)) await stop();
    expect(events).toEqual(["start greetings", "start counter", "stop counter", "stop greetings"]);
  });
});
