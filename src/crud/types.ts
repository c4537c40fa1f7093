/**
 * Public types of scaffold/crud. Enumerations are `as const` objects plus a union type of their values (no TS enums,
 * so the sources stay erasable for Node type stripping, Bun and Deno).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Table } from "drizzle-orm";
import type { Context, Hono } from "hono";
import type { ZodType } from "zod";

function values<T extends string>(...names: readonly T[]): { readonly [K in T]: K } {
  return Object.fromEntries(names.map((name) => [name, name])) as { readonly [K in T]: K };
}

/** Which generic endpoints a resource gets. */
export const Expose = values("ALL", "READ_ONLY", "CREATE_UPDATE", "CUSTOM");
export type Expose = keyof typeof Expose;

/** Protection level of an endpoint group. */
export const SecurityLevel = values("PUBLIC", "AUTHENTICATED", "ROLE_BASED");
export type SecurityLevel = keyof typeof SecurityLevel;

/** Filter types a field can allow on the list endpoint. */
export const FilterType = values(
  "EQUALS",
  "LIKE",
  "GREATER_THAN",
  "LESS_THAN",
  "GREATER_THAN_OR_EQUAL",
  "LESS_THAN_OR_EQUAL",
  "RANGE",
  "IN",
  "NOT_IN",
  "IS_NULL",
  "IS_NOT_NULL",
  "BETWEEN",
);
export type FilterType = keyof typeof FilterType;

/** Validation groups: `Create` runs on POST, `Update` on PUT and PATCH. */
export const ValidationGroup = values("Create", "Update");
export type ValidationGroup = keyof typeof ValidationGroup;

/** What DELETE answers: 204 without body, or 200 with a JSON confirmation. */
export const DeleteResponse = values("NO_CONTENT", "JSON");
export type DeleteResponse = keyof typeof DeleteResponse;

/** Nested mapping of many-to-one relations. */
export interface MappingConfig {
  /** How many relation levels are output as objects; deeper ones are output as ids. */
  readonly maxDepth: number;
  /** Output a relation as its id when the same row already appears on the path from the root. */
  readonly detectCycles: boolean;
  /** When false, null-valued properties are left out of output objects. */
  readonly includeNullFields: boolean;
}
export type MappingPreset = "SHALLOW" | "DEFAULT" | "DEEP";

/** Column keys (the property names of the Drizzle table), so a typo in options is a compile error. */
export type ColumnKey<TTable extends Table> = keyof TTable["_"]["columns"] & string;

/** One extra constraint on a field, checked after the column's own type check, in the given groups (default both). */
export interface FieldConstraint {
  readonly schema: ZodType;
  readonly groups?: readonly ValidationGroup[];
  /** Constraint name reported as `code` (default `Constraint`). */
  readonly code?: string;
  /** Message reported instead of zod's. */
  readonly message?: string;
}

export interface FieldOptions {
  /** Never output, never accepted; PATCH with it answers 400. */
  readonly hidden?: boolean;
  /** Output, ignored in POST and PUT, rejected in PATCH. */
  readonly readOnly?: boolean;
  readonly filterable?: readonly FilterType[];
  /** Usable in `sort` (default true for every visible field). */
  readonly sortable?: boolean;
  readonly constraints?: readonly FieldConstraint[];
  readonly description?: string;
}

export interface SecurityOptions {
  /** Level for every method (default PUBLIC). */
  readonly level?: SecurityLevel;
  /** Level for GET (overrides `level`). */
  readonly readLevel?: SecurityLevel;
  /** Level for POST, PUT, PATCH, DELETE (overrides `level`). */
  readonly writeLevel?: SecurityLevel;
  /** Roles accepted by ROLE_BASED levels; any one is enough. */
  readonly roles?: readonly string[];
}

/** `field`, `field,asc` or `field,desc`. */
export type SortSpec<TTable extends Table> = ColumnKey<TTable> | `${ColumnKey<TTable>},${"asc" | "desc"}`;

/**
 * A many-to-one relation declared explicitly (foreign keys declared on the table are found automatically): one
 * foreign-key `column` onto a single-column primary key, or `columns` onto a composite one, listed in the order of the
 * referenced table's primary-key columns.
 */
export type RelationOptions<TTable extends Table> = (
  | { readonly column: ColumnKey<TTable>; readonly columns?: never }
  | { readonly columns: readonly [ColumnKey<TTable>, ...ColumnKey<TTable>[]]; readonly column?: never }
) & {
  /** The referenced table; its resource must be registered in the same `crud()` call. */
  readonly references: Table;
};

/** Helpers handed to `extend` for writing extra routes on a generated resource. */
export interface ExtendContext {
  /** Full path of the resource, e.g. `/api/books`. */
  readonly path: string;
}

export interface ResourceOptions<TTable extends Table> {
  /** Entity path under the base path, with or without a leading slash. */
  readonly path: string;
  /** Name used in OpenAPI (default: the table name). */
  readonly name?: string;
  readonly expose?: Expose;
  readonly security?: SecurityOptions;
  /** Logical deletion through the `deleted` and `deletedAt` columns. */
  readonly softDelete?: boolean;
  /** Audit columns `createdAt`, `updatedAt`, `createdBy`, `updatedBy`; `version` adds optimistic locking. */
  readonly auditable?: boolean | { readonly version?: boolean };
  readonly paging?: { readonly defaultSize?: number; readonly maxSize?: number };
  readonly sorting?: { readonly default?: readonly SortSpec<TTable>[] };
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly fields?: { readonly [K in ColumnKey<TTable>]?: FieldOptions };
  /** Extra or renamed many-to-one relations, keyed by the output property name. */
  readonly relations?: Readonly<Record<string, RelationOptions<TTable>>>;
  /** Nested relation mapping (default SHALLOW: relations are output as ids). */
  readonly mapping?: MappingPreset | MappingConfig;
  readonly deleteResponse?: DeleteResponse;
  /** Unknown query parameters on list answer 400 (default: from `crud()`, whose default is false: ignored). */
  readonly strictQuery?: boolean;
  /**
   * Adds routes to the resource's router before the generic ones (so they take precedence). The router is an
   * `OpenAPIHono`: routes added with `router.openapi(createRoute(…), handler)` appear in crud's OpenAPI document.
   */
  // biome-ignore lint/suspicious/noExplicitAny: accept extensions written against any Env (also a plain `Hono` parameter)
  readonly extend?: (router: OpenAPIHono<any, any, any>, context: ExtendContext) => void;
  /**
   * Replaces the generic router entirely; it is mounted at the resource path instead. An `OpenAPIHono` router's
   * `openapi()` routes appear in crud's OpenAPI document.
   */
  // biome-ignore lint/suspicious/noExplicitAny: accept the host's router whatever its Env and schema types
  readonly router?: Hono<any, any, any>;
}

/** A resource declaration: what `defineResource` returns and `crud({ resources })` takes. */
export interface Resource<TTable extends Table = Table> {
  readonly table: TTable;
  readonly options: ResourceOptions<TTable>;
}

/** A resource over any table (resources over different tables are stored together). */
// biome-ignore lint/suspicious/noExplicitAny: the table type parameter is contravariant in options; any erases it.
export type AnyResource = Resource<any>;

/** The authenticated user as the host application knows it. */
export interface AuthUser {
  readonly id: string | number;
  readonly roles: readonly string[];
}

// biome-ignore lint/suspicious/noExplicitAny: the host's context may carry its own Env (e.g. typed variables)
export type AuthFunction = (c: Context<any>) => AuthUser | null | undefined | Promise<AuthUser | null | undefined>;

export interface PagingOptions {
  readonly pageParam?: string;
  readonly sizeParam?: string;
  readonly sortParam?: string;
  /** When true the first page is `page=1` (the page object's `number` stays 0-based, as in Spring). */
  readonly oneIndexed?: boolean;
  readonly defaultSize?: number;
  readonly maxSize?: number;
}

/** The document's `info` object (OpenAPI 3.1); title and version default to `REST API` and `1.0.0`. */
export interface OpenApiInfo {
  readonly title?: string;
  readonly version?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly termsOfService?: string;
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
}

/** A `servers` entry (OpenAPI 3.1). */
export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
  readonly variables?: Readonly<
    Record<string, { readonly default: string; readonly enum?: readonly string[]; readonly description?: string }>
  >;
}

export interface OpenApiDocumentOptions {
  readonly info?: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
}

export interface CrudOptions {
  /** A Drizzle database (node-postgres, postgres.js, PGlite, mysql2, bun:sqlite, better-sqlite3, libsql…). */
  readonly db: unknown;
  readonly resources: readonly AnyResource[];
  /** Default `/api`. */
  readonly basePath?: string;
  /** `false` switches the library off: `crud()` returns an app without routes. */
  readonly enabled?: boolean;
  readonly auth?: AuthFunction;
  readonly paging?: PagingOptions;
  /** Default delete answer for every resource (default NO_CONTENT). */
  readonly deleteResponse?: DeleteResponse;
  /** Unknown query parameters on list answer 400 naming them, for every resource (default false: ignored). */
  readonly strictQuery?: boolean;
  /** The OpenAPI document's `info` and `servers`. */
  readonly openapi?: OpenApiDocumentOptions;
  /** Called with every unexpected error (answered 500 without details); default `console.error`. */
  readonly onError?: (error: unknown, c: Context) => void;
}
