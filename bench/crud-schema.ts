/**
 * The tables and scaffold/crud resources of bench/crud.ts, shared with its HTTP servers (bench/crud-server.ts runs
 * on Node, so this file must not import anything Bun-only).
 */
import { doublePrecision, integer as pgInteger, pgTable, text as pgText, timestamp } from "drizzle-orm/pg-core";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { defineResource } from "../src/crud/index.ts";

export function pgSchema() {
  const vendors = pgTable("vendors", { id: pgInteger().primaryKey(), name: pgText().notNull() });
  const items = pgTable("items", {
    id: pgInteger().primaryKey(),
    name: pgText().notNull(),
    category: pgText().notNull(),
    price: doublePrecision().notNull(),
    stock: pgInteger().notNull(),
    secret: pgText(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    vendorId: pgInteger("vendor_id")
      .notNull()
      .references(() => vendors.id),
  });
  return { vendors, items };
}
export type Schema = ReturnType<typeof pgSchema>;

export function sqliteSchema(): Schema {
  const vendors = sqliteTable("vendors", { id: integer().primaryKey(), name: text().notNull() });
  const items = sqliteTable("items", {
    id: integer().primaryKey(),
    name: text().notNull(),
    category: text().notNull(),
    price: real().notNull(),
    stock: integer().notNull(),
    secret: text(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
  });
  return { vendors, items } as unknown as Schema;
}

export const ddl = (price: string, time: string) => `
create table vendors (id integer primary key, name text not null);
create table items (id integer primary key, name text not null, category text not null, price ${price} not null,
  stock integer not null, secret text, created_at ${time} not null, vendor_id integer not null references vendors(id));
create index items_category_price on items (category, price);
`;

const itemFields = {
  category: { filterable: ["EQUALS"] },
  price: { filterable: ["GREATER_THAN_OR_EQUAL"] },
  secret: { hidden: true },
} as const;

/** `/items` (the vendor as its id), `/items-nested` (the vendor nested one level) and `/vendors`. */
export function crudResources(schema: Schema) {
  return [
    defineResource(schema.vendors, { path: "vendors" }),
    defineResource(schema.items, { path: "items", fields: itemFields }),
    defineResource(schema.items, { path: "items-nested", name: "itemsNested", mapping: "DEFAULT", fields: itemFields }),
  ];
}
