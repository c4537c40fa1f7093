/** scaffold/crud: Drizzle tables + options become documented, secured REST resources on Hono. */

export { mysqlCrudColumns, pgCrudColumns, sqliteCrudColumns } from "./columns.ts";
export { crud } from "./crud.ts";
export { defineResource } from "./define-resource.ts";
export type { FieldError } from "./errors.ts";
export { DtoMappingConfig, type MappingConfigBuilder } from "./mapping-config.ts";
export { buildModels, type DataKind, type FieldModel, type RelationModel, type ResourceModel } from "./model.ts";
export { type ResourceSchemas, resourceSchemas } from "./schemas.ts";
export * from "./types.ts";
