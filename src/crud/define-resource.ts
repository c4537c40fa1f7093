import type { Table } from "drizzle-orm";
import type { Resource, ResourceOptions } from "./types.ts";

/** Declares a REST resource over a Drizzle table; nothing is derived until `crud()` builds the model at start-up. */
export function defineResource<TTable extends Table>(
  table: TTable,
  options: ResourceOptions<TTable>,
): Resource<TTable> {
  return { table, options };
}
