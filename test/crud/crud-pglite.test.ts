import { pgliteFactory } from "./support/dialects.ts";
import { crudSuite } from "./support/suite.ts";

crudSuite(pgliteFactory);
