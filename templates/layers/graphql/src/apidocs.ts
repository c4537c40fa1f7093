import { writeFileSync } from "node:fs";
import { lexicographicSortSchema, printSchema } from "graphql";
import { executableSchema } from "./graphql/graphql-server.ts";
import type { UserService } from "./users/user.service.ts";

// Writes the GraphQL schema as the server builds it (schema.graphql with its resolvers checked against it) to a file
// (default schema.graphql), sorted, for clients' code generators and schema reviews. No database, no service: the
// schema is built without running a resolver.
const schema = executableSchema({ userService: {} as UserService });
const target = process.argv[2] ?? "schema.graphql";
writeFileSync(target, printSchema(lexicographicSortSchema(schema)));
console.log(`wrote ${target}`);
