import { sqliteFile } from "./backends.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({
  template: "minimal",
  database: "sqlite",
  testsWithDefaultDatabase: true,
  backends: [{ backend: sqliteFile, projectTests: false, outage: false }],
  unreachableDatabaseUrl: "file:/nonexistent/dir/app.sqlite",
  browserBoot: { backend: sqliteFile, runtime: "deno" },
  imageBackend: sqliteFile,
  replayWorkflow: true,
  makefile: true,
});
