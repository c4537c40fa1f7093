import { describe } from "bun:test";
import { missing, postgresUrl } from "../../support/env.ts";
import { freshPostgresDatabase } from "./database-backends.ts";
import { describeReplicaMigrations } from "./migration-suite.ts";

describe.skipIf(missing("a PostgreSQL server (TEST_POSTGRES_URL)", postgresUrl))("PostgreSQL", () => {
  describeReplicaMigrations("postgres", () => freshPostgresDatabase(postgresUrl as string));
});
