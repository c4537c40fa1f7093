import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { MySqlDialect, getTableConfig as mysqlTableConfig } from "drizzle-orm/mysql-core";
import { PgDialect, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import { emitContext, type ModelRecord } from "../../src/add-model/model.ts";
import { emitModelFiles, modelPaths } from "../../src/add-model/render/model-files.ts";
import { repoRoot } from "../support/generated-project.ts";
import { field, model } from "./model-shapes.ts";

const product = model("Product", [
  field("sku", "string", "unique", "notNull"),
  field("barcode", "int", "unique"),
  field("title", "string", "notNull"),
]);
const note = model("Note", [field("body", "string")]);

/** What a dialect's `getTableConfig` says of a table, its indexes' columns by name and their WHERE as SQL text. */
interface TableConfig {
  columns: Array<{ name: string; isUnique: boolean }>;
  indexes: Array<{ config: { name?: string; unique?: boolean; columns: unknown[]; where?: SQL } }>;
}
function built({ columns, indexes }: TableConfig, dialect: { sqlToQuery(sql: SQL): { sql: string } }) {
  return {
    columns,
    indexes: indexes.map(({ config: index }) => ({
      name: index.name,
      unique: index.unique,
      on: index.columns.map((column) => (column as { name: string }).name),
      where: index.where && dialect.sqlToQuery(index.where).sql,
    })),
  };
}

function table(record: ModelRecord, database: "postgres" | "mysql" | "sqlite" = "sqlite"): string {
  const context = emitContext(record, [record], { template: "minimal", database });
  const files = emitModelFiles(context, [{ record, names: context.names }]);
  return files.find((file) => file.path === modelPaths(context).table)?.contents as string;
}

describe("add-model's table: unique fields are unique among live rows only", () => {
  test("a unique field gets the dialect's liveUnique index (no column-level UNIQUE); other tables are unchanged", () => {
    const source = table(product);
    expect(source).not.toContain(".unique()");
    expect(source).toContain('sku: stringColumn("sku", 255).notNull(),');
    expect(source).toContain("    ...liveUniqueColumns(),\n  },");
    expect(source).toContain('liveUnique("products_sku_unique", columns.sku, columns)');
    expect(source).toContain('liveUnique("products_barcode_unique", columns.barcode, columns)');
    expect(source).toMatch(
      /import \{[^}]*\bliveUnique,\s+liveUniqueColumns,[^}]*\} from "\.\.\/platform\/database\/dialect\.ts";/,
    );
    expect(table(note)).not.toMatch(/liveUnique|unique/i);
  });

  describe("built over each database layer's dialect (what drizzle-kit reads for the migration)", () => {
    let dir = "";
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "scaffold-live-unique-"));
      await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    /**
     * The emitted table of `product` in its folder, imported beside the `database` layer's dialect.ts (which carries
     * every helper a model's table uses).
     */
    async function productsOn(database: "postgres" | "mysql" | "sqlite") {
      const dialect = "src/platform/database/dialect.ts";
      const products = join(dir, database, "src/products");
      await mkdir(join(dir, database, dialect, ".."), { recursive: true });
      await mkdir(products, { recursive: true });
      const source = table(product, database);
      const layerDialect = await readFile(join(repoRoot, `templates/layers/db-${database}`, dialect), "utf8");
      await writeFile(join(dir, database, dialect), layerDialect);
      // The files of its own folder the dialect imports (PostgreSQL's timestamptz column).
      for (const [, sibling] of layerDialect.matchAll(/from "\.\/([\w-]+\.ts)"/g)) {
        const from = join(repoRoot, `templates/layers/db-${database}/src/platform/database`, sibling as string);
        await writeFile(join(dir, database, dialect, "..", sibling as string), await readFile(from, "utf8"));
      }
      await writeFile(join(products, "products.table.ts"), source);
      return (await import(join(products, "products.table.ts"))).products;
    }

    const partial = [
      ["PostgreSQL", "postgres", (products: never) => built(pgTableConfig(products), new PgDialect())],
      ["SQLite", "sqlite", (products: never) => built(sqliteTableConfig(products), new SQLiteSyncDialect())],
    ] as const;
    for (const [label, database, config] of partial) {
      test(`${label}: partial unique indexes WHERE deleted_at IS NULL, no extra column`, async () => {
        const { columns, indexes } = config((await productsOn(database)) as never);
        expect(columns.map((column) => column.name)).not.toContain("not_deleted");
        expect(columns.some((column) => column.isUnique)).toBe(false);
        const where = '"products"."deleted_at" is null';
        expect(indexes).toEqual([
          { name: "products_sku_unique", unique: true, on: ["sku"], where },
          { name: "products_barcode_unique", unique: true, on: ["barcode"], where },
        ]);
      });
    }

    test("MySQL: unique indexes over (value, not_deleted), a stored column NULL once the row is deleted", async () => {
      const config = mysqlTableConfig(await productsOn("mysql"));
      expect(config.columns.some((column) => column.isUnique)).toBe(false);
      const notDeleted = config.columns.find((column) => column.name === "not_deleted");
      const generated = notDeleted?.generated;
      expect(generated?.mode).toBe("stored");
      expect(new MySqlDialect().sqlToQuery(generated?.as as never).sql).toBe(
        "case when deleted_at is null then true end",
      );
      expect(built(config, new MySqlDialect()).indexes).toEqual([
        { name: "products_sku_unique", unique: true, on: ["sku", "not_deleted"], where: undefined },
        { name: "products_barcode_unique", unique: true, on: ["barcode", "not_deleted"], where: undefined },
      ]);
    });
  });
});
