/**
 * Output types: one object type per resource (its output fields, many-to-one relations as the parent object, and
 * one-to-many relations as a page of the children), and its connection type for list queries. Relation fields obey
 * the related resource's read rule (UNAUTHENTICATED / FORBIDDEN on that field) and skip soft-deleted rows.
 */
import {
  GraphQLBoolean,
  type GraphQLFieldConfigMap,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
} from "graphql";
import { keyValues } from "../keys.ts";
import type { FieldModel, RelationModel, ResourceModel } from "../model.ts";
import { authorize } from "../security.ts";
import type { ResourceState } from "../state.ts";
import { type GraphqlContext, resolver } from "./context.ts";
import { guarded } from "./errors.ts";
import { rowTypeExtensions } from "./limits.ts";
import { type GraphqlNames, pascal } from "./names.ts";
import { hasNextPage, type Page } from "./operations.ts";
import { pagingArguments, pagingExtensions, requestedPage } from "./paging.ts";
import { scalarOf } from "./scalars.ts";

type Row = Record<string, unknown>;

const columns = (fields: readonly FieldModel[]) => fields.map((f) => f.name).join(", ");

export interface Resource {
  readonly state: ResourceState;
  readonly names: GraphqlNames;
}

const PageInfo = new GraphQLObjectType<Page, GraphqlContext>({
  name: "PageInfo",
  fields: {
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (page) => hasNextPage(page) },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean), resolve: (page) => page.request.page > 0 },
  },
});

interface Incoming {
  readonly name: string;
  readonly source: Resource;
  readonly relation: RelationModel;
}

/** One-to-many fields of `target`: `books` on Author, or `booksByAuthor` when the plain name is ambiguous. */
function incomingRelations(target: Resource, all: readonly Resource[]): Incoming[] {
  const taken = new Set([...target.state.model.outputFields.map((f) => f.name)]);
  for (const relation of target.state.model.relations) taken.add(relation.name);
  const found: Incoming[] = [];
  for (const source of all) {
    const relations = source.state.model.relations.filter((r) => r.target === target.state.model);
    for (const relation of relations) {
      const plain = source.names.many;
      const ambiguous = relations.length > 1 || source === target || taken.has(plain);
      const name = ambiguous ? `${plain}By${pascal(relation.name)}` : plain;
      if (taken.has(name)) {
        throw new Error(`resource '${target.state.model.name}': GraphQL field '${name}' is defined twice`);
      }
      taken.add(name);
      found.push({ name, source, relation });
    }
  }
  return found;
}

export interface ResourceTypes {
  readonly object: GraphQLObjectType;
  readonly connection: GraphQLObjectType;
}

/** Object and connection types of every resource (fields are thunks, so relations may form cycles). */
export function objectTypes(resources: readonly Resource[]): Map<ResourceModel, ResourceTypes> {
  const types = new Map<ResourceModel, ResourceTypes>();
  const objectOf = (model: ResourceModel) => (types.get(model) as ResourceTypes).object;
  for (const resource of resources) {
    const { model, settings } = resource.state;
    const report = settings.onError;
    const object: GraphQLObjectType = new GraphQLObjectType<Row, GraphqlContext>({
      name: resource.names.type,
      ...(model.description ? { description: model.description } : {}),
      extensions: rowTypeExtensions,
      fields: () => {
        const fields: GraphQLFieldConfigMap<Row, GraphqlContext> = {};
        for (const field of model.outputFields) {
          const scalar = scalarOf(field);
          fields[field.name] = {
            type: field.nullable ? scalar : new GraphQLNonNull(scalar),
            ...(field.description ? { description: field.description } : {}),
          };
        }
        for (const relation of model.relations) {
          fields[relation.name] = {
            type: objectOf(relation.target),
            description: `The ${relation.target.name} row ${columns(relation.fields)} refers to (null when absent or soft-deleted)`,
            // Runs once per row: no await on a public target, the key computed once.
            resolve: (row: Row, _args: unknown, context: GraphqlContext) => {
              const key = keyValues(relation.fields, row);
              if (!key) return null;
              const rule = relation.target.read;
              return guarded(context.hono, report, () =>
                rule.level === "PUBLIC"
                  ? context.loaders.parent(relation, key)
                  : authorize(context.hono, rule, settings.auth).then(() => context.loaders.parent(relation, key)),
              );
            },
          };
        }
        for (const { name, source, relation } of incomingRelations(resource, resources)) {
          const sourceModel = source.state.model;
          fields[name] = {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectOf(sourceModel)))),
            description: `The ${sourceModel.name} rows whose ${columns(relation.fields)} refers to this row (active ones, in key order, a page of them)`,
            args: pagingArguments(source.state),
            extensions: pagingExtensions(sourceModel),
            resolve: resolver(report, async (row: Row, args, context) => {
              await authorize(context.hono, sourceModel.read, settings.auth);
              const { page, size } = requestedPage(source.state, args);
              const keyPage = { orderBy: source.state.tiebreak, offset: page * size, limit: size };
              return context.loaders.children(sourceModel, relation, row, keyPage);
            }),
          };
        }
        return fields;
      },
    });
    const edge = new GraphQLObjectType<Row>({
      name: `${resource.names.type}Edge`,
      fields: { node: { type: new GraphQLNonNull(object), resolve: (row) => row } },
    });
    const connection = new GraphQLObjectType<Page, GraphqlContext>({
      name: `${resource.names.type}Connection`,
      fields: {
        edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))), resolve: (page) => page.rows },
        pageInfo: { type: new GraphQLNonNull(PageInfo), resolve: (page) => page },
        totalCount: {
          type: new GraphQLNonNull(GraphQLInt),
          resolve: resolver(report, (page: Page) => page.total()),
        },
      },
    });
    types.set(model, { object, connection });
  }
  return types;
}
