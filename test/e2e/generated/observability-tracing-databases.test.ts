import { describe } from "bun:test";
import { mysqlServer, pglite, postgresServer } from "./backends.ts";
import { installedFullProject } from "./installed-project.ts";
import { describeStatementSpans } from "./observability-tracing-statements.ts";

// Each driver's client is wrapped its own way (postgres.js, PGlite, mysql2): the db.query spans on each database
// (SQLite's are in observability-tracing.test.ts, with the rest of tracing).
describe("full x postgres x observability advanced: db.query spans", () => {
  const projectDir = installedFullProject("postgres", "advanced");
  describeStatementSpans(projectDir, pglite, "postgresql");
  describeStatementSpans(projectDir, postgresServer, "postgresql");
});

describe("full x mysql x observability advanced: db.query spans", () => {
  const projectDir = installedFullProject("mysql", "advanced");
  describeStatementSpans(projectDir, mysqlServer, "mysql");
});
