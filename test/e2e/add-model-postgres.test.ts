import { describeAddModel } from "./add-model/suite.ts";
import { pglite, postgresServer } from "./generated/backends.ts";

describeAddModel("full", "postgres", [pglite, postgresServer]);
describeAddModel("minimal", "postgres", [pglite]);
describeAddModel("graphql", "postgres", [pglite, postgresServer]);
