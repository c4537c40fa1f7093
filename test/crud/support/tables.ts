/**
 * The test schema, once per dialect, with the same column keys: authors (numeric id, self relation mentor, every
 * filter kind, hidden and read-only fields), books (soft delete + audit + version, relation author), countries
 * (string id), book_tags (composite key), notes (soft delete + audit in ISO 8601 TEXT columns) and tag_votes (a
 * composite foreign key onto book_tags). DDL is written by hand per dialect (no drizzle-kit at test time).
 */
import {
  type AnyMySqlColumn,
  datetime,
  int,
  boolean as myBoolean,
  foreignKey as myForeignKey,
  primaryKey as myPrimaryKey,
  serial as mySerial,
  mysqlTable,
  text as myText,
  varchar as myVarchar,
} from "drizzle-orm/mysql-core";
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import {
  type AnySQLiteColumn,
  foreignKey as liteForeignKey,
  integer as liteInteger,
  primaryKey as litePrimaryKey,
  text as liteText,
  sqliteTable,
} from "drizzle-orm/sqlite-core";
import { mysqlCrudColumns, pgCrudColumns, sqliteCrudColumns } from "../../../src/crud/index.ts";

export function pgTables() {
  const authors = pgTable("authors", {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: varchar({ length: 100 }).notNull().unique(),
    secret: text(),
    rating: integer(),
    active: boolean().notNull().default(true),
    born: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    logged: text(),
    logged_in: text(),
    code: text(),
    mentorId: integer("mentor_id").references((): AnyPgColumn => authors.id),
  });
  const books = pgTable("books", {
    id: serial().primaryKey(),
    title: text().notNull(),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id),
    pages: integer(),
    ...pgCrudColumns.softDelete(),
    ...pgCrudColumns.audit(),
    ...pgCrudColumns.version(),
  });
  const countries = pgTable("countries", {
    code: varchar({ length: 10 }).primaryKey(),
    name: text().notNull(),
    size: integer(),
  });
  const bookTags = pgTable(
    "book_tags",
    {
      bookId: integer("book_id")
        .notNull()
        .references(() => books.id),
      tag: varchar({ length: 50 }).notNull(),
      note: text(),
    },
    (t) => [primaryKey({ columns: [t.bookId, t.tag] })],
  );
  const notes = pgTable("notes", {
    id: serial().primaryKey(),
    body: text().notNull(),
    deleted: boolean().notNull().default(false),
    deletedAt: text("deleted_at"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
    version: integer().notNull().default(0),
  });
  const tagVotes = pgTable(
    "tag_votes",
    {
      id: serial().primaryKey(),
      tagBookId: integer("tag_book_id"),
      tagName: varchar("tag_name", { length: 50 }),
      voter: text().notNull(),
    },
    (t) => [foreignKey({ columns: [t.tagBookId, t.tagName], foreignColumns: [bookTags.bookId, bookTags.tag] })],
  );
  return { authors, books, countries, bookTags, notes, tagVotes };
}

export type Tables = ReturnType<typeof pgTables>;

export function mysqlTables(): Tables {
  const authors = mysqlTable("authors", {
    id: mySerial().primaryKey(),
    name: myText().notNull(),
    email: myVarchar({ length: 100 }).notNull().unique(),
    secret: myText(),
    rating: int(),
    active: myBoolean().notNull().default(true),
    born: datetime({ mode: "date", fsp: 3 }),
    logged: myText(),
    logged_in: myText(),
    code: myText(),
    mentorId: int("mentor_id", { unsigned: true }).references((): AnyMySqlColumn => authors.id),
  });
  const books = mysqlTable("books", {
    id: mySerial().primaryKey(),
    title: myText().notNull(),
    authorId: int("author_id", { unsigned: true })
      .notNull()
      .references(() => authors.id),
    pages: int(),
    ...mysqlCrudColumns.softDelete(),
    ...mysqlCrudColumns.audit(),
    ...mysqlCrudColumns.version(),
  });
  const countries = mysqlTable("countries", {
    code: myVarchar({ length: 10 }).primaryKey(),
    name: myText().notNull(),
    size: int(),
  });
  const bookTags = mysqlTable(
    "book_tags",
    {
      bookId: int("book_id", { unsigned: true })
        .notNull()
        .references(() => books.id),
      tag: myVarchar({ length: 50 }).notNull(),
      note: myText(),
    },
    (t) => [myPrimaryKey({ columns: [t.bookId, t.tag] })],
  );
  const notes = mysqlTable("notes", {
    id: mySerial().primaryKey(),
    body: myText().notNull(),
    deleted: myBoolean().notNull().default(false),
    deletedAt: myVarchar("deleted_at", { length: 30 }),
    createdAt: myVarchar("created_at", { length: 30 }).notNull(),
    updatedAt: myVarchar("updated_at", { length: 30 }).notNull(),
    createdBy: myText("created_by"),
    updatedBy: myText("updated_by"),
    version: int().notNull().default(0),
  });
  const tagVotes = mysqlTable(
    "tag_votes",
    {
      id: mySerial().primaryKey(),
      tagBookId: int("tag_book_id", { unsigned: true }),
      tagName: myVarchar("tag_name", { length: 50 }),
      voter: myText().notNull(),
    },
    (t) => [myForeignKey({ columns: [t.tagBookId, t.tagName], foreignColumns: [bookTags.bookId, bookTags.tag] })],
  );
  return { authors, books, countries, bookTags, notes, tagVotes } as unknown as Tables;
}

export function sqliteTables(): Tables {
  const authors = sqliteTable("authors", {
    id: liteInteger().primaryKey(),
    name: liteText().notNull(),
    email: liteText().notNull().unique(),
    secret: liteText(),
    rating: liteInteger(),
    active: liteInteger({ mode: "boolean" }).notNull().default(true),
    born: liteInteger({ mode: "timestamp_ms" }),
    logged: liteText(),
    logged_in: liteText(),
    code: liteText(),
    mentorId: liteInteger("mentor_id").references((): AnySQLiteColumn => authors.id),
  });
  const books = sqliteTable("books", {
    id: liteInteger().primaryKey(),
    title: liteText().notNull(),
    authorId: liteInteger("author_id")
      .notNull()
      .references(() => authors.id),
    pages: liteInteger(),
    ...sqliteCrudColumns.softDelete(),
    ...sqliteCrudColumns.audit(),
    ...sqliteCrudColumns.version(),
  });
  const countries = sqliteTable("countries", {
    code: liteText().primaryKey(),
    name: liteText().notNull(),
    size: liteInteger(),
  });
  const bookTags = sqliteTable(
    "book_tags",
    {
      bookId: liteInteger("book_id")
        .notNull()
        .references(() => books.id),
      tag: liteText().notNull(),
      note: liteText(),
    },
    (t) => [litePrimaryKey({ columns: [t.bookId, t.tag] })],
  );
  const notes = sqliteTable("notes", {
    id: liteInteger().primaryKey(),
    body: liteText().notNull(),
    deleted: liteInteger({ mode: "boolean" }).notNull().default(false),
    deletedAt: liteText("deleted_at"),
    createdAt: liteText("created_at").notNull(),
    updatedAt: liteText("updated_at").notNull(),
    createdBy: liteText("created_by"),
    updatedBy: liteText("updated_by"),
    version: liteInteger().notNull().default(0),
  });
  const tagVotes = sqliteTable(
    "tag_votes",
    {
      id: liteInteger().primaryKey(),
      tagBookId: liteInteger("tag_book_id"),
      tagName: liteText("tag_name"),
      voter: liteText().notNull(),
    },
    (t) => [liteForeignKey({ columns: [t.tagBookId, t.tagName], foreignColumns: [bookTags.bookId, bookTags.tag] })],
  );
  return { authors, books, countries, bookTags, notes, tagVotes } as unknown as Tables;
}

const audit = (timestamp: string, text: string) =>
  `created_at ${timestamp} NOT NULL, updated_at ${timestamp} NOT NULL, created_by ${text}, updated_by ${text}, version integer NOT NULL DEFAULT 0`;

export const pgDdl = `
CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL, email varchar(100) NOT NULL UNIQUE, secret text,
  rating integer, active boolean NOT NULL DEFAULT true, born timestamptz(3), logged text, logged_in text, code text,
  mentor_id integer REFERENCES authors(id));
CREATE TABLE books (id serial PRIMARY KEY, title text NOT NULL, author_id integer NOT NULL REFERENCES authors(id),
  pages integer, deleted boolean NOT NULL DEFAULT false, deleted_at timestamptz(3), ${audit("timestamptz(3)", "text")});
CREATE TABLE countries (code varchar(10) PRIMARY KEY, name text NOT NULL, size integer);
CREATE TABLE book_tags (book_id integer NOT NULL REFERENCES books(id), tag varchar(50) NOT NULL, note text,
  PRIMARY KEY (book_id, tag));
CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, deleted boolean NOT NULL DEFAULT false, deleted_at text,
  ${audit("text", "text")});
CREATE TABLE tag_votes (id serial PRIMARY KEY, tag_book_id integer, tag_name varchar(50), voter text NOT NULL,
  FOREIGN KEY (tag_book_id, tag_name) REFERENCES book_tags(book_id, tag));`;

export const mysqlDdl = `
CREATE TABLE authors (id bigint unsigned AUTO_INCREMENT PRIMARY KEY, name text NOT NULL, email varchar(100) NOT NULL UNIQUE,
  secret text, rating int, active boolean NOT NULL DEFAULT true, born datetime(3), logged text, logged_in text, code text,
  mentor_id bigint unsigned, FOREIGN KEY (mentor_id) REFERENCES authors(id));
CREATE TABLE books (id bigint unsigned AUTO_INCREMENT PRIMARY KEY, title text NOT NULL, author_id bigint unsigned NOT NULL,
  pages int, deleted boolean NOT NULL DEFAULT false, deleted_at datetime(3), ${audit("datetime(3)", "varchar(255)")},
  FOREIGN KEY (author_id) REFERENCES authors(id));
CREATE TABLE countries (code varchar(10) PRIMARY KEY, name text NOT NULL, size int);
CREATE TABLE book_tags (book_id bigint unsigned NOT NULL, tag varchar(50) NOT NULL, note text, PRIMARY KEY (book_id, tag),
  FOREIGN KEY (book_id) REFERENCES books(id));
CREATE TABLE notes (id bigint unsigned AUTO_INCREMENT PRIMARY KEY, body text NOT NULL, deleted boolean NOT NULL DEFAULT false,
  deleted_at varchar(30), ${audit("varchar(30)", "text")});
CREATE TABLE tag_votes (id bigint unsigned AUTO_INCREMENT PRIMARY KEY, tag_book_id bigint unsigned, tag_name varchar(50),
  voter text NOT NULL, FOREIGN KEY (tag_book_id, tag_name) REFERENCES book_tags(book_id, tag));`;

export const sqliteDdl = `
CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL, email text NOT NULL UNIQUE, secret text, rating integer,
  active integer NOT NULL DEFAULT 1, born integer, logged text, logged_in text, code text,
  mentor_id integer REFERENCES authors(id));
CREATE TABLE books (id integer PRIMARY KEY, title text NOT NULL, author_id integer NOT NULL REFERENCES authors(id),
  pages integer, deleted integer NOT NULL DEFAULT 0, deleted_at integer, ${audit("integer", "text")});
CREATE TABLE countries (code text PRIMARY KEY, name text NOT NULL, size integer);
CREATE TABLE book_tags (book_id integer NOT NULL REFERENCES books(id), tag text NOT NULL, note text,
  PRIMARY KEY (book_id, tag));
CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL, deleted integer NOT NULL DEFAULT 0, deleted_at text,
  ${audit("text", "text")});
CREATE TABLE tag_votes (id integer PRIMARY KEY, tag_book_id integer, tag_name text, voter text NOT NULL,
  FOREIGN KEY (tag_book_id, tag_name) REFERENCES book_tags(book_id, tag));`;
