import { sqliteFactory } from "./support/dialects.ts";
import { graphqlSuite } from "./support/graphql-suite.ts";

graphqlSuite(sqliteFactory);
