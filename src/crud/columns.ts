/**
 * Column helpers per dialect for the columns soft delete and audit need (`deleted`, `deletedAt`, `createdAt`,
 * `updatedAt`, `createdBy`, `updatedBy`, `version`). Spread them into a table:
 * `pgTable("books", { id: serial().primaryKey(), ...pgCrudColumns.softDelete(), ...pgCrudColumns.audit() })`.
 * Timestamps default on the application side, so rows written outside the library get them too.
 */
import { datetime, boolean as mysqlBoolean, int as mysqlInt, varchar as mysqlVarchar } from "drizzle-orm/mysql-core";
import {
  boolean as pgBoolean,
  integer as pgInteger,
  text as pgText,
  timestamp as pgTimestamp,
} from "drizzle-orm/pg-core";
import { integer as sqliteInteger, text as sqliteText } from "drizzle-orm/sqlite-core";

const now = () => new Date();

export const pgCrudColumns = {
  softDelete: () => ({
    deleted: pgBoolean("deleted").notNull().default(false),
    deletedAt: pgTimestamp("deleted_at", { withTimezone: true, mode: "date", precision: 3 }),
  }),
  audit: () => ({
    createdAt: pgTimestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().$defaultFn(now),
    updatedAt: pgTimestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().$defaultFn(now),
    createdBy: pgText("created_by"),
    updatedBy: pgText("updated_by"),
  }),
  version: () => ({ version: pgInteger("version").notNull().default(0) }),
};

export const mysqlCrudColumns = {
  softDelete: () => ({
    deleted: mysqlBoolean("deleted").notNull().default(false),
    deletedAt: datetime("deleted_at", { mode: "date", fsp: 3 }),
  }),
  audit: () => ({
    createdAt: datetime("created_at", { mode: "date", fsp: 3 }).notNull().$defaultFn(now),
    updatedAt: datetime("updated_at", { mode: "date", fsp: 3 }).notNull().$defaultFn(now),
    createdBy: mysqlVarchar("created_by", { length: 255 }),
    updatedBy: mysqlVarchar("updated_by", { length: 255 }),
  }),
  version: () => ({ version: mysqlInt("version").notNull().default(0) }),
};

export const sqliteCrudColumns = {
  softDelete: () => ({
    deleted: sqliteInteger("deleted", { mode: "boolean" }).notNull().default(false),
    deletedAt: sqliteInteger("deleted_at", { mode: "timestamp_ms" }),
  }),
  audit: () => ({
    createdAt: sqliteInteger("created_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    updatedAt: sqliteInteger("updated_at", { mode: "timestamp_ms" }).notNull().$defaultFn(now),
    createdBy: sqliteText("created_by"),
    updatedBy: sqliteText("updated_by"),
  }),
  version: () => ({ version: sqliteInteger("version").notNull().default(0) }),
};
