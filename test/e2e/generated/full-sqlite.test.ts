import { sqliteFile } from "./backends.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({
  database: "sqlite",
  testsWithDefaultDatabase: true,
  backends: [{ backend: sqliteFile, projectTests: false, outage: false }],
  browserBoot: { backend: sqliteFile, runtime: "deno" },
});
