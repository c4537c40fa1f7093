/** Everything that differs between PostgreSQL, MySQL and SQLite tables, found once per table at start-up. */
import { type Column, is, type Table } from "drizzle-orm";
import { MySqlTable, getTableConfig as mysqlConfig } from "drizzle-orm/mysql-core";
import { PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";

export type Dialect = "pg" | "mysql" | "sqlite";

export interface ForeignKeyInfo {
  readonly columns: readonly Column[];
  readonly foreignTable: Table;
  readonly foreignColumns: readonly Column[];
}

export interface TableInfo {
  readonly dialect: Dialect;
  readonly name: string;
  /** Columns of a table-level (composite) primary key, if declared that way. */
  readonly primaryKey: readonly Column[];
  readonly foreignKeys: readonly ForeignKeyInfo[];
}

interface RawConfig {
  name: string;
  primaryKeys: { columns: Column[] }[];
  foreignKeys: { reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] } }[];
}

function describe(dialect: Dialect, config: RawConfig): TableInfo {
  return {
    dialect,
    name: config.name,
    primaryKey: config.primaryKeys[0]?.columns ?? [],
    foreignKeys: config.foreignKeys.map((fk) => fk.reference()),
  };
}

export function tableInfo(table: Table): TableInfo {
  if (is(table, PgTable)) return describe("pg", pgConfig(table) as unknown as RawConfig);
  if (is(table, MySqlTable)) return describe("mysql", mysqlConfig(table) as unknown as RawConfig);
  if (is(table, SQLiteTable)) return describe("sqlite", sqliteConfig(table) as unknown as RawConfig);
  throw new Error("scaffold/crud: the table is not a Drizzle PostgreSQL, MySQL or SQLite table");
}
