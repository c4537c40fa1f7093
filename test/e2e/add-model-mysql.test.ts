import { describeAddModel } from "./add-model/suite.ts";
import { mysqlServer } from "./generated/backends.ts";

describeAddModel("full", "mysql", [mysqlServer]);
describeAddModel("minimal", "mysql", [mysqlServer]);
