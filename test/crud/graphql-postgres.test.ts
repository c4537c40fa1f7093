import { postgresFactory } from "./support/dialects.ts";
import { graphqlSuite } from "./support/graphql-suite.ts";

graphqlSuite(postgresFactory);
