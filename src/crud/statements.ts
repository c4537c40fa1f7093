/**
 * Prepared statements for the hot reads (get by id, list pages and their counts, relation loading by keys), as the
 * generated services build theirs: a query is built once per shape (which filters, sorts, soft-delete mode, how many
 * keys) with `sql.placeholder` for every value, prepared, then run with `.execute(values)` per request. On PostgreSQL
 * (postgres.js) a named statement is parsed once per connection instead of Parse + Describe on every request; on
 * SQLite the driver's statement is compiled once; PGlite and mysql2 send the SQL as before. Statements stay per
 * database and resource, at most `shapesPerResource` of them (least recently used dropped first), so query strings
 * chosen by clients cannot grow memory without bound.
 */
import { type Column, type Placeholder, type SQL, sql } from "drizzle-orm";

// biome-ignore lint/suspicious/noExplicitAny: Drizzle's query builders differ in type per dialect (as in db.ts).
type Loose = any;

export interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/** Shapes kept per database and resource. */
export const shapesPerResource = 64;

const caches = new WeakMap<object, WeakMap<object, Map<string, Prepared>>>();
/** Statement names are unique in the process: node-postgres keeps a name per connection and rejects a new text. */
let named = 0;

/** The statement of `shape`, built by `build` (a Drizzle query with placeholders) the first time it is asked for. */
export function prepared(db: unknown, owner: object, shape: string, build: () => Loose): Prepared {
  let byOwner = caches.get(db as object);
  if (!byOwner) {
    byOwner = new WeakMap();
    caches.set(db as object, byOwner);
  }
  let shapes = byOwner.get(owner);
  if (!shapes) {
    shapes = new Map();
    byOwner.set(owner, shapes);
  }
  let statement = shapes.get(shape);
  if (statement) {
    // Map order is insertion order: moving a hit to the end makes the first entry the least recently used.
    shapes.delete(shape);
  } else {
    statement = build().prepare(`crud_${++named}`) as Prepared;
    if (shapes.size >= shapesPerResource) shapes.delete(shapes.keys().next().value as string);
  }
  shapes.set(shape, statement);
  return statement;
}

/**
 * The placeholder of value `index`, encoded as `column` encodes its values (dates, booleans on SQLite, bigints) when
 * one is given, else bound as it is (LIMIT, OFFSET).
 */
export function slot(index: number, column?: Column): SQL | Placeholder {
  const placeholder = sql.placeholder(`p${index}`);
  return column ? sql`${sql.param(placeholder, column)}` : placeholder;
}

/** The placeholder values of `values` (named as `slot` names them). */
export function slotValues(values: readonly unknown[], extra?: Record<string, unknown>): Record<string, unknown> {
  const named: Record<string, unknown> = { ...extra };
  for (let i = 0; i < values.length; i++) named[`p${i}`] = values[i];
  return named;
}
