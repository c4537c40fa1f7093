/**
 * The `page` and `size` arguments of every list field (a list query and a one-to-many relation field): the REST
 * parameters' defaults and bounds (resource `paging`, `oneIndexed`), and the page limits the cost rule reads.
 */
import { type GraphQLField, type GraphQLFieldConfigArgumentMap, GraphQLInt } from "graphql";
import type { ResourceModel } from "../model.ts";
import { type PageAsked, resourcePage } from "../operations/list.ts";
import type { PageRequest } from "../paging.ts";
import type { ResourceState } from "../state.ts";

export interface PageLimits {
  readonly defaultSize: number;
  readonly maxSize: number;
}

const extensionName = "crudPaging";

export function pagingArguments(state: ResourceState): GraphQLFieldConfigArgumentMap {
  const { model, settings } = state;
  return {
    page: { type: GraphQLInt, description: `Page number (${settings.paging.oneIndexed ? "1" : "0"}-based)` },
    size: { type: GraphQLInt, description: `Page size (default ${model.defaultSize}, at most ${model.maxSize})` },
  };
}

/** The field's `extensions`, so the cost rule knows how many rows it can return. */
export function pagingExtensions(model: ResourceModel): Record<string, PageLimits> {
  return { [extensionName]: { defaultSize: model.defaultSize, maxSize: model.maxSize } };
}

export function pageLimitsOf(field: GraphQLField<unknown, unknown>): PageLimits | undefined {
  return field.extensions[extensionName] as PageLimits | undefined;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The arguments as the raw REST parameters, so the same code checks them. */
export function pageAsked(args: Record<string, unknown>): Omit<PageAsked, "params" | "withTotal"> {
  return { page: text(args.page), size: text(args.size), names: { page: "page", size: "size" } };
}

/** The page the arguments ask for; BAD_USER_INPUT (400) with the REST message when out of bounds. */
export function requestedPage(state: ResourceState, args: Record<string, unknown>): PageRequest {
  return resourcePage(state, pageAsked(args));
}
