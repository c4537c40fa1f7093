import { mysqlFactory } from "./support/dialects.ts";
import { crudSuite } from "./support/suite.ts";

crudSuite(mysqlFactory);
