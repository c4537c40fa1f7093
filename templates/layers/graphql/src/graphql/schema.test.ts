import { describe, expect, test } from "bun:test";
import { buildSchema, isNonNullType, printSchema } from "graphql";
import type { UserService } from "../users/user.service.ts";
import { executableSchema, typeDefs } from "./graphql-server.ts";

describe("schema.graphql", () => {
  test("is the schema the server runs, and every Query and Mutation field has its resolver", () => {
    const schema = executableSchema({ userService: {} as UserService });
    expect(printSchema(schema)).toBe(printSchema(buildSchema(typeDefs)));
    for (const type of [schema.getQueryType(), schema.getMutationType()]) {
      for (const field of Object.values(type?.getFields() ?? {})) {
        expect(`${type?.name}.${field.name}: ${typeof field.resolve}`).toBe(`${type?.name}.${field.name}: function`);
      }
    }
  });

  test("User and its inputs are as documented", () => {
    const schema = buildSchema(typeDefs);
    const user = schema.getType("User") as import("graphql").GraphQLObjectType;
    const fields = Object.fromEntries(Object.values(user.getFields()).map((f) => [f.name, String(f.type)]));
    expect(fields).toEqual({ id: "ID!", email: "String!", name: "String", createdAt: "Time!", updatedAt: "Time!" });
    const create = schema.getType("CreateUserInput") as import("graphql").GraphQLInputObjectType;
    expect(isNonNullType(create.getFields().email?.type)).toBe(true);
    expect(isNonNullType(create.getFields().name?.type)).toBe(false);
  });
});
