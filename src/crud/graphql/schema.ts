/**
 * The GraphQL schema of a set of resources: per resource the queries `<entity>(id)` and `<entities>(page, size,
 * filter, sort)` and the mutations create / update (PUT) / patch (PATCH) / delete / restore, each present only when
 * the resource's `expose` generates the matching REST operation.
 */
import {
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLResolveInfo,
  GraphQLSchema,
} from "graphql";
import type { Operation } from "../model.ts";
import type { ResourceState } from "../state.ts";
import { type GraphqlContext, resolver } from "./context.ts";
import { resourceInputs } from "./inputs.ts";
import { objectTypes, type Resource } from "./object-types.ts";
import {
  type Args,
  createOne,
  deleteOne,
  getOne,
  listPage,
  restoreOne,
  updatePart,
  updateWhole,
} from "./operations.ts";
import { pagingArguments, pagingExtensions } from "./paging.ts";
import { scalarOf } from "./scalars.ts";

type Field = GraphQLFieldConfig<unknown, GraphqlContext>;
type Run = (state: ResourceState, c: GraphqlContext["hono"], args: Args, info: GraphQLResolveInfo) => Promise<unknown>;

function operationField(state: ResourceState, field: Omit<Field, "resolve">, run: Run): Field {
  return {
    ...field,
    resolve: resolver(state.settings.onError, (_source, args, context, info) => run(state, context.hono, args, info)),
  };
}

function addUnique(fields: GraphQLFieldConfigMap<unknown, GraphqlContext>, name: string, field: Field, owner: string) {
  if (fields[name])
    throw new Error(`resource '${owner}': GraphQL field '${name}' is defined twice; set a distinct name`);
  fields[name] = field;
}

/** Resources with a replacing `router` or `expose: CUSTOM` get a type (relations may reach them) but no operations. */
export function generateSchema(resources: readonly Resource[]): GraphQLSchema {
  const types = objectTypes(resources);
  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  const mutation: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const { state, names } of resources) {
    const { model } = state;
    const resourceTypes = types.get(model);
    if (!resourceTypes || model.resource.options.router) continue;
    const { object, connection } = resourceTypes;
    const inputs = resourceInputs(state, names);
    const can = (operation: Operation) => model.operations.has(operation);
    const id = { id: { type: inputs.key } };
    const input = (type: typeof inputs.create): GraphQLFieldConfigArgumentMap =>
      type ? { input: { type: new GraphQLNonNull(type) } } : {};
    const versionField = model.audit?.version ? model.fieldsByName.get("version") : undefined;
    const version: GraphQLFieldConfigArgumentMap = versionField
      ? { version: { type: scalarOf(versionField), description: "Expected version: CONFLICT when the row changed" } }
      : {};
    const one = new GraphQLNonNull(object);
    const add = (fields: typeof query, name: string, field: Field) => addUnique(fields, name, field, model.name);
    if (can("get")) add(query, names.one, operationField(state, { type: object, args: id }, getOne));
    if (can("list")) {
      const args = pagingArguments(state);
      if (inputs.filter) args.filter = { type: inputs.filter };
      if (inputs.sort) args.sort = { type: new GraphQLList(new GraphQLNonNull(inputs.sort)) };
      const extensions = pagingExtensions(model);
      add(
        query,
        names.many,
        operationField(state, { type: new GraphQLNonNull(connection), args, extensions }, listPage),
      );
    }
    const type = names.type;
    if (can("create"))
      add(mutation, `create${type}`, operationField(state, { type: one, args: input(inputs.create) }, createOne));
    if (can("update")) {
      const args = { ...id, ...input(inputs.update), ...version };
      add(mutation, `update${type}`, operationField(state, { type: one, args }, updateWhole));
    }
    if (can("patch")) {
      const args = { ...id, ...input(inputs.patch), ...version };
      add(mutation, `patch${type}`, operationField(state, { type: one, args }, updatePart));
    }
    if (can("delete")) {
      const args: GraphQLFieldConfigArgumentMap = model.softDelete
        ? { ...id, permanent: { type: GraphQLBoolean, defaultValue: false, description: "Remove the row for good" } }
        : id;
      add(
        mutation,
        `delete${type}`,
        operationField(state, { type: new GraphQLNonNull(GraphQLBoolean), args }, deleteOne),
      );
      if (model.softDelete) add(mutation, `restore${type}`, operationField(state, { type: one, args: id }, restoreOne));
    }
  }
  if (Object.keys(query).length === 0) throw new Error("scaffold/crud/graphql: no resource has a generated query");
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: query }),
    ...(Object.keys(mutation).length > 0
      ? { mutation: new GraphQLObjectType({ name: "Mutation", fields: mutation }) }
      : {}),
    types: [...types.values()].map((t) => t.object),
  });
}
