import { sqliteFile } from "./backends.ts";
import { describeAdvancedProject } from "./observability-advanced-suite.ts";

describeAdvancedProject({
  database: "sqlite",
  testsWithDefaultDatabase: true,
  backends: [{ backend: sqliteFile, outage: false }],
});
