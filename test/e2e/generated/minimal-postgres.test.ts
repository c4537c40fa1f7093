import { pglite, postgresServer } from "./backends.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({
  template: "minimal",
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
});
