import { and, asc, eq, type GetColumnData, isNull, sql } from "drizzle-orm";
import { type AppColumn, type AppDatabase, type AppTable, insertId, prepared, updateCount } from "./dialect.ts";

/** A soft-deleting table: an id, a change time and a deletion time (null while the row lives). */
export type SoftDeleteTable = AppTable & { id: AppColumn; updatedAt: AppColumn; deletedAt: AppColumn };

/** A row as `columns` selects it. */
export type RowOf<Columns extends Record<string, AppColumn>> = { [K in keyof Columns]: GetColumnData<Columns[K]> };

/**
 * The reads and writes every soft-deleting resource has, written once. The reads are prepared statements built when
 * the repository is built: a request only binds its values. A deleted row is invisible to all of them. `name`
 * prefixes the statements' names (PostgreSQL keeps them per connection under it).
 */
export function liveRows<Table extends SoftDeleteTable, Columns extends Record<string, AppColumn>>(
  db: AppDatabase,
  name: string,
  table: Table,
  columns: Columns,
) {
  type Row = RowOf<Columns>;
  const { id } = table;
  const live = isNull(table.deletedAt);
  // Upcast: Drizzle resolves its builder types only for concrete tables and columns; rows are typed by `Row` below.
  const select = (selected: Record<string, AppColumn> = columns) => db.select(selected).from(table as AppTable);
  const byId = prepared(
    `${name}_by_id`,
    select()
      .where(and(eq(id, sql.placeholder("id")), live))
      .limit(1),
  );
  const page = prepared(
    `${name}_page`,
    select().where(live).orderBy(asc(id)).limit(sql.placeholder("limit")).offset(sql.placeholder("offset")),
  );

  return {
    /** The live row with this id. */
    async byId(value: number): Promise<Row | undefined> {
      const [row] = await byId.execute({ id: value });
      return row as Row | undefined;
    },

    /** Live rows, oldest first. */
    async page(bounds: { limit: number; offset: number }): Promise<Row[]> {
      return (await page.execute(bounds)) as Row[];
    },

    /**
     * A look-up of the live row by a unique column (e.g. the e-mail), prepared once as `statement`, selecting
     * `selected` (the repository's columns, or more).
     */
    lookup<Selected extends Record<string, AppColumn>>(statement: string, column: AppColumn, selected: Selected) {
      const query = prepared(
        statement,
        select(selected)
          .where(and(eq(column, sql.placeholder("value")), live))
          .limit(1),
      );
      return async (value: unknown): Promise<RowOf<Selected> | undefined> => {
        const [row] = await query.execute({ value });
        return row as RowOf<Selected> | undefined;
      };
    },

    /** Inserts a row created `now` and reads it back. */
    async create(values: Omit<Table["$inferInsert"], "createdAt" | "updatedAt">, now: Date): Promise<Row> {
      const newId = await insertId(db, table, { ...values, createdAt: now, updatedAt: now });
      const row = await this.byId(newId);
      if (!row) throw new Error(`${name} ${newId} not found right after it was written`);
      return row;
    },

    /** Changes a live row; false when there is none with this id. */
    async update(value: number, changes: Partial<Table["$inferInsert"]>, now: Date): Promise<boolean> {
      const set = { ...changes, updatedAt: now };
      return (await updateCount(db, table as AppTable, set, and(eq(id, value), live))) > 0;
    },

    /** Marks a live row deleted; false when there is none with this id. */
    async softDelete(value: number, now: Date): Promise<boolean> {
      const set = { deletedAt: now, updatedAt: now };
      return (await updateCount(db, table as AppTable, set, and(eq(id, value), live))) > 0;
    },
  };
}
