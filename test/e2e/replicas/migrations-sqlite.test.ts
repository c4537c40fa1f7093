import { join } from "node:path";
import { freshSqliteDatabase } from "./database-backends.ts";
import { describeReplicaMigrations } from "./migration-suite.ts";

describeReplicaMigrations("sqlite", (projectDir) => freshSqliteDatabase(join(projectDir, ".data")));
