import { mysqlServer } from "./backends.ts";
import { describeGeneratedProject } from "./project-suite.ts";

describeGeneratedProject({
  template: "minimal",
  database: "mysql",
  // The project's default DATABASE_URL points at a MySQL server, so its tests run only with one (below).
  testsWithDefaultDatabase: false,
  backends: [{ backend: mysqlServer, projectTests: true, outage: true }],
  unreachableDatabaseUrl: "mysql://root@127.0.0.1:1/none",
  browserBoot: { backend: mysqlServer, runtime: "bun" },
  imageBackend: mysqlServer,
  replayWorkflow: false,
  makefile: false,
});
