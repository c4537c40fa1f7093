import { pglite, postgresServer } from "./backends.ts";
import { describeAdvancedProject } from "./observability-advanced-suite.ts";

describeAdvancedProject({
  database: "postgres",
  testsWithDefaultDatabase: true,
  backends: [
    { backend: pglite, outage: false },
    { backend: postgresServer, outage: true },
  ],
});
