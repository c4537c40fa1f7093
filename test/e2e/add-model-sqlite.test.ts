import { describeAddModel } from "./add-model/suite.ts";
import { sqliteFile } from "./generated/backends.ts";

describeAddModel("full", "sqlite", [sqliteFile]);
describeAddModel("minimal", "sqlite", [sqliteFile]);
describeAddModel("graphql", "sqlite", [sqliteFile]);
