import { describe } from "bun:test";
import { missing, mysqlUrl } from "../../support/env.ts";
import { freshMysqlDatabase } from "./database-backends.ts";
import { describeReplicaMigrations } from "./migration-suite.ts";

describe.skipIf(missing("a MySQL server (TEST_MYSQL_URL)", mysqlUrl))("MySQL", () => {
  describeReplicaMigrations("mysql", () => freshMysqlDatabase(mysqlUrl as string));
});
