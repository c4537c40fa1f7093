import { describeAddModel } from "./add-model/suite.ts";
import { mysqlServer } from "./generated/backends.ts";

describeAddModel("full", "mysql", [mysqlServer], mysqlServer);
describeAddModel("minimal", "mysql", [mysqlServer], mysqlServer);
describeAddModel("graphql", "mysql", [mysqlServer], mysqlServer);
