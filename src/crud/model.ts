/**
 * The normalized resource model: everything the handlers, schemas and OpenAPI need, derived ONCE at start-up from the
 * Drizzle table and the resource options, with start-up validation. Handlers read only this, never the table config.
 */
import { type Column, getTableColumns, type Table } from "drizzle-orm";
import { type Dialect, tableInfo } from "./dialect.ts";
import { resolveMapping } from "./mapping-config.ts";
import { resolveRelations } from "./relations.ts";
import type {
  AnyResource,
  AuthFunction,
  DeleteResponse,
  Expose,
  FieldConstraint,
  FieldOptions,
  FilterType,
  MappingConfig,
  PagingOptions,
  SecurityLevel,
} from "./types.ts";

export type DataKind = "number" | "bigint" | "string" | "boolean" | "date" | "json";

export interface FieldModel {
  /** Column key in the Drizzle table = property name in JSON. */
  readonly name: string;
  readonly column: Column;
  readonly kind: DataKind;
  /** Integer number column (a decimal point is a bad value). */
  readonly integer: boolean;
  /** Bounds of an integer column's storage type, so out-of-range values are a 400, never a database error. */
  readonly range: readonly [number, number] | undefined;
  readonly enumValues: readonly string[] | undefined;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly primaryKey: boolean;
  /** Value produced by the database (serial, identity, default) when the row is created. */
  readonly generated: boolean;
  readonly hidden: boolean;
  /** Read-only by option, or managed by the library (soft delete and audit columns), or a generated column. */
  readonly readOnly: boolean;
  /** Soft-delete or audit column the library fills itself. */
  readonly managed: boolean;
  readonly filterable: ReadonlySet<FilterType>;
  readonly sortable: boolean;
  readonly constraints: readonly FieldConstraint[];
  readonly description: string | undefined;
  /**
   * A soft-delete or audit timestamp (`deletedAt`, `createdAt`, `updatedAt`) held in a TEXT column: written as an ISO
   * 8601 string, and its filters read dates and compare ISO strings.
   */
  readonly isoText: boolean;
}

export interface RelationModel {
  /** Output property, e.g. `author` for the column `authorId`. */
  readonly name: string;
  /** The foreign-key fields of this resource, in the order of the target's primary key (one, or several). */
  readonly fields: readonly FieldModel[];
  readonly target: ResourceModel;
  /** The referenced fields: the target's primary key, in its order (match `fields` position by position). */
  readonly targetFields: readonly FieldModel[];
  /** `fields[0]`: the foreign-key field of a single-column relation. */
  readonly field: FieldModel;
  /** `targetFields[0]`: the referenced field of a single-column relation. */
  readonly targetField: FieldModel;
}

export interface AccessRule {
  readonly level: SecurityLevel;
  readonly roles: readonly string[];
}

export type Operation = "list" | "get" | "create" | "update" | "patch" | "delete";

export interface SortOrder {
  readonly field: FieldModel;
  readonly direction: "asc" | "desc";
}

export interface ResourceModel {
  readonly name: string;
  readonly table: Table;
  readonly dialect: Dialect;
  /** Entity path with a leading slash, e.g. `/books`. */
  readonly path: string;
  /** Base path + entity path, e.g. `/api/books`. */
  readonly fullPath: string;
  readonly expose: Expose;
  readonly operations: ReadonlySet<Operation>;
  readonly read: AccessRule;
  readonly write: AccessRule;
  readonly softDelete: boolean;
  readonly audit: { readonly version: boolean } | null;
  readonly fields: readonly FieldModel[];
  readonly fieldsByName: ReadonlyMap<string, FieldModel>;
  readonly primaryKey: readonly FieldModel[];
  /** Fields in output objects (everything but hidden ones). */
  readonly outputFields: readonly FieldModel[];
  /** Fields accepted by POST (not hidden, not read-only, not database-generated ids). */
  readonly createFields: readonly FieldModel[];
  /** Fields accepted by PUT and PATCH (not hidden, not read-only, not the id). */
  readonly updateFields: readonly FieldModel[];
  /** Filled by `buildModels` once every resource exists. */
  readonly relations: RelationModel[];
  readonly defaultSize: number;
  readonly maxSize: number;
  readonly defaultSort: readonly SortOrder[];
  readonly mapping: MappingConfig;
  readonly deleteResponse: DeleteResponse;
  /** Unknown query parameters on list answer 400. */
  readonly strictQuery: boolean;
  readonly description: string | undefined;
  readonly tags: readonly string[];
  readonly resource: AnyResource;
}

export interface ModelSettings {
  readonly basePath: string;
  readonly paging: Required<PagingOptions>;
  readonly deleteResponse: DeleteResponse;
  readonly auth: AuthFunction | undefined;
  readonly strictQuery?: boolean;
}

const operationsByExpose: Readonly<Record<Expose, readonly Operation[]>> = {
  ALL: ["list", "get", "create", "update", "patch", "delete"],
  READ_ONLY: ["list", "get"],
  CREATE_UPDATE: ["list", "get", "create", "update", "patch"],
  CUSTOM: [],
};

const softDeleteColumns = { deleted: "boolean", deletedAt: "date" } as const;
const auditColumns = { createdAt: "date", updatedAt: "date", createdBy: "string", updatedBy: "string" } as const;
/** Timestamps may also be TEXT columns holding ISO 8601 strings (the usual form in existing SQLite tables). */
const textTimestamps: ReadonlySet<string> = new Set(["deletedAt", "createdAt", "updatedAt"]);

/** `/x/` and `x` both become `/x`; `/` becomes the empty string. */
export function normalizePath(path: string): string {
  const trimmed = path.trim().replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}` : "";
}

const integerBits: readonly [RegExp, number][] = [
  [/TinyInt/, 8],
  [/SmallInt|SmallSerial/, 16],
  [/MediumInt/, 24],
  [/BigInt|BigSerial|^MySqlSerial$|^SQLite/, 64],
  [/Int|Serial/, 32],
];

/** Storage bounds of an integer column (64-bit ones are limited to JavaScript's safe integers). */
function integerRange(column: Column): readonly [number, number] {
  const bits = integerBits.find(([pattern]) => pattern.test(column.columnType))?.[1] ?? 64;
  const unsigned = column.getSQLType().includes("unsigned") || column.columnType === "MySqlSerial";
  if (bits === 64) return [unsigned ? 0 : Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  return unsigned ? [0, 2 ** bits - 1] : [-(2 ** (bits - 1)), 2 ** (bits - 1) - 1];
}

function dataKind(column: Column): DataKind | undefined {
  switch (column.dataType) {
    case "number":
    case "bigint":
    case "string":
    case "boolean":
    case "date":
    case "json":
      return column.dataType;
    case "array":
    case "custom":
      return "json";
    default:
      return undefined;
  }
}

const comparisons: readonly FilterType[] = [
  "GREATER_THAN",
  "LESS_THAN",
  "GREATER_THAN_OR_EQUAL",
  "LESS_THAN_OR_EQUAL",
  "RANGE",
  "BETWEEN",
];

function checkFilters(where: string, kind: DataKind, filters: readonly FilterType[]): void {
  for (const filter of filters) {
    const fits =
      kind === "json"
        ? filter === "IS_NULL" || filter === "IS_NOT_NULL"
        : filter === "LIKE"
          ? kind === "string"
          : !(kind === "boolean" && comparisons.includes(filter));
    if (!fits) throw new Error(`${where}: filter ${filter} does not apply to a ${kind} column`);
  }
}

function accessRule(where: string, level: SecurityLevel, roles: readonly string[]): AccessRule {
  if (level === "ROLE_BASED" && roles.length === 0) throw new Error(`${where}: ROLE_BASED security needs roles`);
  return { level, roles };
}

/** Parses `field`, `field,asc`, `field,desc`; returns an error message for unknown or non-sortable fields. */
export function sortOrder(spec: string, fields: ReadonlyMap<string, FieldModel>): SortOrder | string {
  const [name = "", direction = "asc", ...rest] = spec.split(",").map((part) => part.trim());
  const field = fields.get(name);
  const dir = direction.toLowerCase();
  if (!field?.sortable) return `cannot sort by '${name}'`;
  if ((dir !== "asc" && dir !== "desc") || rest.length > 0) return `bad sort direction in '${spec}'`;
  return { field, direction: dir };
}

function buildModel(resource: AnyResource, settings: ModelSettings): ResourceModel {
  const { table, options } = resource;
  const info = tableInfo(table);
  const name = options.name ?? info.name;
  const where = `resource '${name}'`;
  const path = normalizePath(options.path);
  if (!path) throw new Error(`${where}: path must not be empty`);
  const columns = getTableColumns(table) as Record<string, Column>;
  const auditable = options.auditable
    ? { version: typeof options.auditable === "object" && !!options.auditable.version }
    : null;
  const managed: Record<string, DataKind> = {
    ...(options.softDelete ? softDeleteColumns : {}),
    ...(auditable ? auditColumns : {}),
    ...(auditable?.version ? { version: "number" } : {}),
  };
  for (const [column, kind] of Object.entries(managed)) {
    const found = columns[column];
    const reason = options.softDelete && column in softDeleteColumns ? "softDelete" : "auditable";
    if (!found) throw new Error(`${where}: table '${info.name}' has no column '${column}', needed by ${reason}`);
    const actual = dataKind(found);
    if (actual !== kind && !(actual === "string" && textTimestamps.has(column))) {
      const expected = textTimestamps.has(column) ? "date (or text) column" : `${kind} column`;
      throw new Error(`${where}: column '${column}' must be a ${expected} for ${reason} (is ${found.dataType})`);
    }
  }
  const fieldOptions = (options.fields ?? {}) as Record<string, FieldOptions>;
  for (const key of Object.keys(fieldOptions)) {
    if (!columns[key]) throw new Error(`${where}: fields.${key} names no column of table '${info.name}'`);
  }
  // Table-level constraints hold their own column objects (pg): match by database column name.
  const tablePk = new Set(info.primaryKey.map((c) => c.name));
  const pkCount = info.primaryKey.length || Object.values(columns).filter((c) => c.primary).length;
  const fields: FieldModel[] = Object.entries(columns).map(([key, column]) => {
    const kind = dataKind(column);
    if (!kind) throw new Error(`${where}: column '${key}' has an unsupported type (${column.columnType})`);
    const opts = fieldOptions[key] ?? {};
    const primaryKey = column.primary || tablePk.has(column.name);
    const integer = kind === "number" && /Int|Serial/.test(column.columnType);
    const rowid = info.dialect === "sqlite" && primaryKey && pkCount === 1 && integer;
    const filterable = opts.filterable ?? [];
    checkFilters(`${where}, field '${key}'`, kind, filterable);
    if (opts.hidden && filterable.length > 0) throw new Error(`${where}: hidden field '${key}' cannot be filterable`);
    const isManaged = key in managed;
    return {
      name: key,
      column,
      kind,
      integer,
      range: integer ? integerRange(column) : undefined,
      enumValues: column.enumValues?.length ? column.enumValues : undefined,
      nullable: !column.notNull,
      hasDefault: column.hasDefault || rowid || isManaged,
      primaryKey,
      generated: primaryKey && (column.hasDefault || rowid || !!column.generatedIdentity),
      hidden: !!opts.hidden,
      readOnly: !!opts.readOnly || isManaged || !!column.generated,
      managed: isManaged,
      filterable: new Set(filterable),
      sortable: !opts.hidden && kind !== "json" && opts.sortable !== false,
      constraints: opts.constraints ?? [],
      description: opts.description,
      isoText: isManaged && kind === "string" && textTimestamps.has(key),
    };
  });
  const primaryKey = fields.filter((f) => f.primaryKey);
  if (primaryKey.length === 0) throw new Error(`${where}: table '${info.name}' has no primary key`);
  if (primaryKey.some((f) => f.hidden)) throw new Error(`${where}: a primary-key field cannot be hidden`);
  const fieldsByName = new Map(fields.map((f) => [f.name, f]));
  const security = options.security ?? {};
  const roles = security.roles ?? [];
  const read = accessRule(where, security.readLevel ?? security.level ?? "PUBLIC", roles);
  const write = accessRule(where, security.writeLevel ?? security.level ?? "PUBLIC", roles);
  if ((read.level !== "PUBLIC" || write.level !== "PUBLIC") && !settings.auth) {
    throw new Error(`${where}: security level ${read.level}/${write.level} needs crud({ auth })`);
  }
  const defaultSize = options.paging?.defaultSize ?? settings.paging.defaultSize;
  const maxSize = options.paging?.maxSize ?? settings.paging.maxSize;
  if (!(defaultSize >= 1 && defaultSize <= maxSize))
    throw new Error(`${where}: paging needs 1 <= defaultSize <= maxSize`);
  const defaultSort = (options.sorting?.default ?? []).map((spec: string) => {
    const order = sortOrder(spec, fieldsByName);
    if (typeof order === "string") throw new Error(`${where}, default sort: ${order}`);
    return order;
  });
  const expose = options.expose ?? "ALL";
  if (!(expose in operationsByExpose)) throw new Error(`${where}: unknown expose '${expose}'`);
  return {
    name,
    table,
    dialect: info.dialect,
    path,
    fullPath: settings.basePath + path,
    expose,
    operations: new Set(operationsByExpose[expose]),
    read,
    write,
    softDelete: !!options.softDelete,
    audit: auditable,
    fields,
    fieldsByName,
    primaryKey,
    outputFields: fields.filter((f) => !f.hidden),
    createFields: fields.filter((f) => !f.hidden && !f.readOnly && !(f.primaryKey && f.generated)),
    updateFields: fields.filter((f) => !f.hidden && !f.readOnly && !f.primaryKey),
    relations: [],
    defaultSize,
    maxSize,
    defaultSort,
    mapping: resolveMapping(options.mapping),
    deleteResponse: options.deleteResponse ?? settings.deleteResponse,
    strictQuery: options.strictQuery ?? settings.strictQuery ?? false,
    description: options.description,
    tags: options.tags ?? [name],
    resource,
  };
}

/** Builds every resource model and links relations; throws a clear error on any inconsistency. */
export function buildModels(resources: readonly AnyResource[], settings: ModelSettings): ResourceModel[] {
  const models = resources.map((resource) => buildModel(resource, settings));
  const byTable = new Map(models.map((m) => [m.table, m]));
  const paths = new Set<string>();
  for (const model of models) {
    if (paths.has(model.path)) throw new Error(`resource '${model.name}': path '${model.path}' is used twice`);
    paths.add(model.path);
    resolveRelations(model, byTable);
  }
  return models;
}
