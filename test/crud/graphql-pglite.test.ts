import { pgliteFactory } from "./support/dialects.ts";
import { graphqlSuite } from "./support/graphql-suite.ts";

graphqlSuite(pgliteFactory);
