import type { Database } from "../../../src/generate/template-tree.ts";
import { mysqlServer, pglite, postgresServer, sqliteFile } from "./backends.ts";
import type { GeneratedProjectPlan } from "./project-suite.ts";

/**
 * How a generated project is checked on each database, whatever its template (`<template>-<database>.test.ts` pass
 * the template): which backends its tests and boots use, which boot opens the browser, where the image and the
 * tooling (workflow replay, Makefile) are checked.
 */
export const DATABASE_PLANS: Record<Database, Omit<GeneratedProjectPlan, "template">> = {
  sqlite: {
    database: "sqlite",
    testsWithDefaultDatabase: true,
    backends: [{ backend: sqliteFile, projectTests: false, outage: false }],
    unreachableDatabaseUrl: "file:/nonexistent/dir/app.sqlite",
    browserBoot: { backend: sqliteFile, runtime: "deno" },
    imageBackend: sqliteFile,
    replayWorkflow: true,
    makefile: true,
  },
  postgres: {
    database: "postgres",
    testsWithDefaultDatabase: true,
    backends: [
      { backend: pglite, projectTests: false, outage: false },
      { backend: postgresServer, projectTests: true, outage: true },
    ],
    unreachableDatabaseUrl: "postgres://postgres@127.0.0.1:1/none",
    browserBoot: { backend: pglite, runtime: "node" },
    imageBackend: pglite,
    replayWorkflow: false,
    makefile: false,
  },
  mysql: {
    database: "mysql",
    // The project's default DATABASE_URL points at a MySQL server, so its tests run only with one (below).
    testsWithDefaultDatabase: false,
    backends: [{ backend: mysqlServer, projectTests: true, outage: true }],
    unreachableDatabaseUrl: "mysql://root@127.0.0.1:1/none",
    browserBoot: { backend: mysqlServer, runtime: "bun" },
    imageBackend: mysqlServer,
    replayWorkflow: false,
    makefile: false,
  },
};
