/** The example's three related tables (PostgreSQL dialect, run on embedded PGlite): authors -> books -> reviews. */
import { doublePrecision, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { pgCrudColumns } from "../../src/crud/index.ts";

export const authors = pgTable("authors", {
  id: serial().primaryKey(),
  name: text().notNull(),
  country: text(),
  born: integer(),
  /** Private contact address: never in any response (hidden). */
  email: text(),
});

export const books = pgTable("books", {
  id: serial().primaryKey(),
  title: text().notNull(),
  isbn: text().unique(),
  year: integer(),
  price: doublePrecision(),
  /** Maintained by the shop, not by API clients (read-only). */
  sold: integer().notNull().default(0),
  authorId: integer("author_id")
    .notNull()
    .references(() => authors.id),
  ...pgCrudColumns.softDelete(),
  ...pgCrudColumns.audit(),
  ...pgCrudColumns.version(),
});

export const reviews = pgTable("reviews", {
  id: serial().primaryKey(),
  bookId: integer("book_id")
    .notNull()
    .references(() => books.id),
  rating: integer().notNull(),
  comment: text(),
  reviewer: text().notNull(),
});

/** DDL for a fresh database (the example has no migration tool). */
export const createTables = `
create table authors (
  id serial primary key, name text not null, country text, born integer, email text
);
create table books (
  id serial primary key, title text not null, isbn text unique, year integer, price double precision,
  sold integer not null default 0, author_id integer not null references authors(id),
  deleted boolean not null default false, deleted_at timestamptz(3),
  created_at timestamptz(3) not null, updated_at timestamptz(3) not null, created_by text, updated_by text,
  version integer not null default 0
);
create table reviews (
  id serial primary key, book_id integer not null references books(id), rating integer not null, comment text,
  reviewer text not null
);
`;
