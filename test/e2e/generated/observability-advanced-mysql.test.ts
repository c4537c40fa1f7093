import { mysqlServer } from "./backends.ts";
import { describeAdvancedProject } from "./observability-advanced-suite.ts";

describeAdvancedProject({
  database: "mysql",
  testsWithDefaultDatabase: false,
  backends: [{ backend: mysqlServer, outage: true }],
});
