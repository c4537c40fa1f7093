/** Start-up validation and the normalized model (no database needed: the model is derived from the tables alone). */
import { describe, expect, test } from "bun:test";
import { bigint, pgTable, text as pgText, serial } from "drizzle-orm/pg-core";
import { type AnySQLiteColumn, foreignKey, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { buildModels, crud, defineResource, type FilterType, resourceSchemas } from "../../src/crud/index.ts";
import { pgTables, sqliteTables } from "./support/tables.ts";

const settings = {
  basePath: "/api",
  paging: { pageParam: "page", sizeParam: "size", sortParam: "sort", oneIndexed: false, defaultSize: 20, maxSize: 100 },
  deleteResponse: "NO_CONTENT" as const,
  auth: undefined,
};

describe("start-up validation names the resource and the column", () => {
  const t = sqliteTables();
  const cases: [string, () => unknown, RegExp][] = [
    [
      "softDelete without deleted",
      () => crud({ db: {}, resources: [defineResource(t.authors, { path: "a", softDelete: true })] }),
      /resource 'authors': table 'authors' has no column 'deleted', needed by softDelete/,
    ],
    [
      "auditable without createdAt",
      () => crud({ db: {}, resources: [defineResource(t.countries, { path: "c", auditable: true })] }),
      /resource 'countries': table 'countries' has no column 'createdAt', needed by auditable/,
    ],
    [
      "version without version column",
      () => crud({ db: {}, resources: [defineResource(t.countries, { path: "c", auditable: { version: true } })] }),
      /no column 'createdAt'/,
    ],
    [
      "LIKE on a number",
      () =>
        crud({
          db: {},
          resources: [defineResource(t.countries, { path: "c", fields: { size: { filterable: ["LIKE"] } } })],
        }),
      /field 'size': filter LIKE does not apply to a number column/,
    ],
    [
      "hidden and filterable",
      () =>
        crud({
          db: {},
          resources: [
            defineResource(t.countries, { path: "c", fields: { name: { hidden: true, filterable: ["EQUALS"] } } }),
          ],
        }),
      /hidden field 'name' cannot be filterable/,
    ],
    [
      "ROLE_BASED without roles",
      () =>
        crud({
          db: {},
          auth: () => null,
          resources: [defineResource(t.countries, { path: "c", security: { level: "ROLE_BASED" } })],
        }),
      /ROLE_BASED security needs roles/,
    ],
    [
      "security without auth",
      () =>
        crud({ db: {}, resources: [defineResource(t.countries, { path: "c", security: { level: "AUTHENTICATED" } })] }),
      /needs crud\(\{ auth \}\)/,
    ],
    [
      "unknown default sort",
      () =>
        crud({
          db: {},
          resources: [defineResource(t.countries, { path: "c", sorting: { default: ["nope" as "name"] } })],
        }),
      /cannot sort by 'nope'/,
    ],
    [
      "same path twice",
      () =>
        crud({
          db: {},
          resources: [defineResource(t.countries, { path: "c" }), defineResource(t.authors, { path: "/c/" })],
        }),
      /path '\/c' is used twice/,
    ],
    [
      "unknown field option",
      () => crud({ db: {}, resources: [defineResource(t.countries, { path: "c", fields: { nope: {} } as never })] }),
      /fields.nope names no column/,
    ],
    [
      "empty path",
      () => crud({ db: {}, resources: [defineResource(t.countries, { path: "/" })] }),
      /path must not be empty/,
    ],
    [
      "page size defaults",
      () => crud({ db: {}, resources: [defineResource(t.countries, { path: "c", paging: { defaultSize: 200 } })] }),
      /1 <= defaultSize <= maxSize/,
    ],
  ];
  for (const [name, start, message] of cases) test(name, () => expect(start).toThrow(message));

  test("field options are keyed by column keys: a typo does not compile and fails at start-up", () => {
    // @ts-expect-error: 'nmae' is not a column key of countries (tsc --noEmit checks this line)
    const typo = defineResource(t.countries, { path: "c", fields: { nmae: { hidden: true } } });
    expect(() => crud({ db: {}, resources: [typo] })).toThrow(/fields.nmae names no column of table 'countries'/);
  });

  test("a table with no primary key is rejected", () => {
    const loose = pgTable("loose", { name: pgText() });
    expect(() => crud({ db: {}, resources: [defineResource(loose, { path: "l" })] })).toThrow(
      /table 'loose' has no primary key/,
    );
  });

  test("enabled: false does not even build the models", () => {
    expect(() =>
      crud({ db: {}, enabled: false, resources: [defineResource(t.authors, { path: "a", softDelete: true })] }),
    ).not.toThrow();
  });
});

describe("normalized model", () => {
  test("fields, keys, relations and input field lists", () => {
    const t = pgTables();
    const [authors, books, , tags] = buildModels(
      [
        defineResource(t.authors, { path: "authors", fields: { secret: { hidden: true }, code: { readOnly: true } } }),
        defineResource(t.books, { path: "books/", softDelete: true, auditable: { version: true } }),
        defineResource(t.countries, { path: "countries" }),
        defineResource(t.bookTags, { path: "book-tags" }),
      ],
      settings,
    );
    if (!authors || !books || !tags) throw new Error("models missing");
    expect(authors.fullPath).toBe("/api/authors");
    expect(books.fullPath).toBe("/api/books");
    expect(authors.primaryKey.map((f) => [f.name, f.generated])).toEqual([["id", true]]);
    expect(tags.primaryKey.map((f) => [f.name, f.generated])).toEqual([
      ["bookId", false],
      ["tag", false],
    ]);
    expect(authors.outputFields.map((f) => f.name)).not.toContain("secret");
    expect(authors.createFields.map((f) => f.name)).toEqual([
      "name",
      "email",
      "rating",
      "active",
      "born",
      "logged",
      "logged_in",
      "mentorId",
    ]);
    expect(tags.createFields.map((f) => f.name)).toEqual(["bookId", "tag", "note"]);
    expect(books.updateFields.map((f) => f.name)).toEqual(["title", "authorId", "pages"]);
    expect(books.fields.filter((f) => f.managed).map((f) => f.name)).toEqual([
      "deleted",
      "deletedAt",
      "createdAt",
      "updatedAt",
      "createdBy",
      "updatedBy",
      "version",
    ]);
    expect(authors.relations.map((r) => [r.name, r.field.name, r.target.name])).toEqual([
      ["mentor", "mentorId", "authors"],
    ]);
    expect(books.relations.map((r) => [r.name, r.target.name])).toEqual([["author", "authors"]]);
    expect(tags.relations.map((r) => [r.name, r.target.name])).toEqual([["book", "books"]]);
    const kinds = Object.fromEntries(authors.fields.map((f) => [f.name, f.kind]));
    expect(kinds).toMatchObject({ id: "number", name: "string", active: "boolean", born: "date" });
  });

  test("schemas: create requires NOT NULL fields without default; patch makes all optional; output hides", () => {
    const t = pgTables();
    const filterable: FilterType[] = ["EQUALS", "RANGE", "IS_NULL"];
    const [model] = buildModels(
      [defineResource(t.authors, { path: "a", fields: { secret: { hidden: true }, rating: { filterable } } })],
      settings,
    );
    if (!model) throw new Error("model missing");
    const schemas = resourceSchemas(model);
    expect(schemas.create.safeParse({ name: "N", email: "e" }).success).toBe(true);
    expect(schemas.create.safeParse({ email: "e" }).success).toBe(false);
    expect(schemas.update.safeParse({ name: "N", email: "e", active: true }).success).toBe(true);
    expect(schemas.update.safeParse({ name: "N", email: "e" }).success).toBe(false);
    expect(schemas.patch.safeParse({}).success).toBe(true);
    expect(Object.keys(schemas.output.shape)).not.toContain("secret");
    expect(Object.keys(schemas.output.shape)).toContain("mentor");
    expect(Object.keys(schemas.listQuery.shape)).toEqual(
      expect.arrayContaining([
        "page",
        "size",
        "sort",
        "rating",
        "rating_gte",
        "rating_lte",
        "rating_range",
        "rating_null",
      ]),
    );
  });

  test("64-bit integer columns are read as bigint kind and output as strings", () => {
    const big = pgTable("big", { id: serial().primaryKey(), amount: bigint({ mode: "bigint" }) });
    const [model] = buildModels([defineResource(big, { path: "big" })], settings);
    const amount = model?.fieldsByName.get("amount");
    expect(amount?.kind).toBe("bigint");
    if (!model) throw new Error("model missing");
    expect(resourceSchemas(model).output.shape.amount?.safeParse("9007199254740993").success).toBe(true);
  });
});

describe("issue 15: TEXT timestamps and composite relations in the model", () => {
  test("soft-delete and audit timestamps may be TEXT columns (isoText); other types are still refused", () => {
    const t = sqliteTables();
    const [notes] = buildModels(
      [defineResource(t.notes, { path: "notes", softDelete: true, auditable: { version: true } })],
      settings,
    );
    const iso = notes?.fields.filter((f) => f.isoText).map((f) => f.name);
    expect(iso).toEqual(["deletedAt", "createdAt", "updatedAt"]);
    expect(notes?.fieldsByName.get("createdBy")?.isoText).toBe(false);
    const wrong = sqliteTable("wrong", {
      id: integer().primaryKey(),
      deleted: integer({ mode: "boolean" }).notNull(),
      deletedAt: integer("deleted_at"),
    });
    expect(() => buildModels([defineResource(wrong, { path: "w", softDelete: true })], settings)).toThrow(
      "resource 'wrong': column 'deletedAt' must be a date (or text) column for softDelete (is number)",
    );
    const textFlag = sqliteTable("flag", { id: integer().primaryKey(), deleted: text().notNull(), deletedAt: text() });
    expect(() => buildModels([defineResource(textFlag, { path: "f", softDelete: true })], settings)).toThrow(
      "column 'deleted' must be a boolean column for softDelete (is string)",
    );
  });

  const shelves = sqliteTable("shelves", { room: text().notNull(), slot: integer().notNull() }, (t) => [
    primaryKey({ columns: [t.room, t.slot] }),
  ]);
  /** A table with a composite foreign key onto shelves, in reversed column order, under the given column keys. */
  const placements = (room: string, slot: string, extra: Record<string, ReturnType<typeof text>> = {}) =>
    sqliteTable(
      "placements",
      { id: integer().primaryKey(), [slot]: integer("s"), [room]: text("r"), ...extra },
      (t) => [
        foreignKey({
          columns: [t[slot] as AnySQLiteColumn, t[room] as AnySQLiteColumn],
          foreignColumns: [shelves.slot, shelves.room],
        }),
      ],
    );
  const relationsOf = (table: ReturnType<typeof placements>, options: Record<string, unknown> = {}) => {
    const models = buildModels(
      [defineResource(shelves, { path: "shelves" }), defineResource(table, { path: "placements", ...options })],
      settings,
    );
    return models[1]?.relations.map((r) => [r.name, r.fields.map((f) => f.name), r.targetFields.map((f) => f.name)]);
  };

  test("a composite foreign key is a relation named after the columns' common word, in primary-key order", () => {
    expect(relationsOf(placements("shelfRoom", "shelfSlot"))).toEqual([
      ["shelf", ["shelfRoom", "shelfSlot"], ["room", "slot"]],
    ]);
    expect(relationsOf(placements("shelf_room", "shelf_slot"))).toEqual([
      ["shelf", ["shelf_room", "shelf_slot"], ["room", "slot"]],
    ]);
    // no common word: declare it; a name taken by a column: skipped (tables that started before still start)
    expect(relationsOf(placements("roomNo", "rowNo"))).toEqual([]);
    expect(relationsOf(placements("shelfRoom", "shelfSlot", { shelf: text() }))).toEqual([]);
  });

  test("declared composite relations: columns in the target's key order, checked at start-up", () => {
    const table = placements("roomNo", "rowNo");
    expect(relationsOf(table, { relations: { place: { columns: ["roomNo", "rowNo"], references: shelves } } })).toEqual(
      [["place", ["roomNo", "rowNo"], ["room", "slot"]]],
    );
    expect(() => relationsOf(table, { relations: { place: { column: "roomNo", references: shelves } } })).toThrow(
      "resource 'placements': relation 'place' has 1 column(s), the primary key of 'shelves' 2",
    );
    expect(() =>
      relationsOf(table, { relations: { id: { columns: ["roomNo", "rowNo"], references: shelves } } }),
    ).toThrow("relation 'id' collides with a column name");
  });
});
