import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  type AppDatabase,
  atomic,
  insertId,
  isUniqueViolation,
  lockLive,
  prepared,
  updateCount,
} from "../platform/database/dialect.ts";
import { liveRows } from "../platform/database/live-rows.ts";
import { conflict, notFound } from "../platform/errors.ts";
// @each parent
import { storageBins } from "../storage-bins/storage-bins.table.ts";
// @end
// @each child
import { supplyOrders } from "../supply-orders/supply-orders.table.ts";
// @end
import type { StockItem } from "./stock-item.ts";
import type { StockItemChanges, StockItemFields, StockItemRepository } from "./stock-items.port.ts";
import { stockItems } from "./stock-items.table.ts";

// @if hiddenFields
/** The columns a read answers: never /*@each hidden join=" or "*/display_name/*@end*/. */
// @end
const publicColumns = {
  id: stockItems.id,
  // @each field
  displayName: stockItems.displayName,
  // @end
  // @each parent
  storageBinId: stockItems.storageBinId,
  // @end
  createdAt: stockItems.createdAt,
  updatedAt: stockItems.updatedAt,
};
// @if parents || children
const live = isNull(stockItems.deletedAt);
// @end
// @if uniqueFields

// @if takenMessage
// @each unique
const TAKEN = "Display name already in use";
// @end
// @else
const TAKEN = "A stock item with this /*@each unique join=" or "*/display_name/*@end*/ already exists";
// @end

/** A unique-constraint violation as the domain's CONFLICT. */
const taken = (error: unknown) => Promise.reject(isUniqueViolation(error) ? conflict(TAKEN) : error);
// @end
// @if parents

/** The reads of the stock items of one parent, prepared once (liveRows prepares the others). */
function parentReads(db: AppDatabase) {
  // @each parent
  const byStorageBin = and(eq(stockItems.storageBinId, sql.placeholder("storageBinId")), live);
  // @end
  return {
    // @each parent
    pageByStorageBin: prepared(
      "stock_items_page_by_storage_bin",
      db
        .select(publicColumns)
        .from(stockItems)
        .where(byStorageBin)
        .orderBy(asc(stockItems.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    ),
    anyForStorageBin: prepared(
      "stock_items_any_for_storage_bin",
      db.select({ id: stockItems.id }).from(stockItems).where(byStorageBin).limit(1),
    ),
    // @end
  };
}

/** Locks the parents `fields` point at until the unit ends (a concurrent delete of one waits); NOT_FOUND when one is gone. */
async function lockParents(tx: AppDatabase, fields: StockItemFields): Promise<void> {
  // @each parent
  if (!(await lockLive(tx, storageBins, fields.storageBinId))) {
    throw notFound(`StorageBin ${fields.storageBinId} not found`);
  }
  // @end
}
// @end

/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */
export class DrizzleStockItemRepository implements StockItemRepository {
  // @if parents || children
  readonly #db: AppDatabase;
  // @end
  readonly #rows: ReturnType<typeof liveRows<typeof stockItems, typeof publicColumns>>;
  // @if parents
  readonly #parentReads: ReturnType<typeof parentReads>;
  // @end

  constructor(db: AppDatabase) {
    // @if parents || children
    this.#db = db;
    // @end
    this.#rows = liveRows(db, "stock_items", stockItems, publicColumns);
    // @if parents
    this.#parentReads = parentReads(db);
    // @end
  }

  // @if parents
  /** Under its parents' locks (see lockParents). */
  async create(fields: StockItemFields, now: Date): Promise<StockItem> {
    const id = await atomic(this.#db, async (tx) => {
      await lockParents(tx, fields);
      return insertId(tx, stockItems, { ...fields, createdAt: now, updatedAt: now });
    })/*@if uniqueFields*/.catch(taken)/*@end*/;
    const stockItem = await this.findById(id);
    if (!stockItem) throw new Error(`stock_items ${id} not found right after it was written`);
    return stockItem;
  }
  // @else
  create(fields: StockItemFields, now: Date): Promise<StockItem> {
    return this.#rows.create(fields, now)/*@if uniqueFields*/.catch(taken)/*@end*/;
  }
  // @end

  findById(id: number): Promise<StockItem | undefined> {
    return this.#rows.byId(id);
  }

  // @if children
  async findByIds(ids: number[]): Promise<StockItem[]> {
    if (ids.length === 0) return [];
    return this.#db
      .select(publicColumns)
      .from(stockItems)
      .where(and(inArray(stockItems.id, ids), live))
      .orderBy(asc(stockItems.id));
  }
  // @end

  list(page: { limit: number; offset: number }): Promise<StockItem[]> {
    return this.#rows.page(page);
  }

  // @if parents
  /** Under its parents' locks (see lockParents). */
  async update(id: number, fields: /*@if hiddenFields*/StockItemChanges/*@else*/StockItemFields/*@end*/, now: Date): Promise<StockItem | undefined> {
    const changed = await atomic(this.#db, async (tx) => {
      await lockParents(tx, fields);
      return updateCount(tx, stockItems, { ...fields, updatedAt: now }, and(eq(stockItems.id, id), live));
    })/*@if uniqueFields*/.catch(taken)/*@end*/;
    return changed > 0 ? this.findById(id) : undefined;
  }
  // @else
  async update(id: number, fields: /*@if hiddenFields*/StockItemChanges/*@else*/StockItemFields/*@end*/, now: Date): Promise<StockItem | undefined> {
    const changed = await this.#rows.update(id, fields, now)/*@if uniqueFields*/.catch(taken)/*@end*/;
    return changed ? this.findById(id) : undefined;
  }
  // @end

  // @if children
  /** Under its own lock, and only while no live /*@each child join=" or "*/supply orders/*@end*/ point at it (CONFLICT otherwise). */
  softDelete(id: number, now: Date): Promise<boolean> {
    return atomic(this.#db, async (tx) => {
      if (!(await lockLive(tx, stockItems, id))) return false;
      // @each child
      const [supplyOrder] = await tx
        .select({ id: supplyOrders.id })
        .from(supplyOrders)
        .where(and(eq(supplyOrders.stockItemId, id), isNull(supplyOrders.deletedAt)))
        .limit(1);
      if (supplyOrder) throw conflict(`StockItem ${id} still has supply orders: delete them first`);
      // @end
      return (await updateCount(tx, stockItems, { deletedAt: now, updatedAt: now }, eq(stockItems.id, id))) > 0;
    });
  }
  // @else
  softDelete(id: number, now: Date): Promise<boolean> {
    return this.#rows.softDelete(id, now);
  }
  // @end
  // @each parent

  listByStorageBin(storageBinId: number, page: { limit: number; offset: number }): Promise<StockItem[]> {
    return this.#parentReads.pageByStorageBin.execute({ storageBinId, ...page });
  }

  async findByStorageBinIds(storageBinIds: number[]): Promise<StockItem[]> {
    if (storageBinIds.length === 0) return [];
    return this.#db
      .select(publicColumns)
      .from(stockItems)
      .where(and(inArray(stockItems.storageBinId, storageBinIds), live))
      .orderBy(asc(stockItems.id));
  }

  async existsForStorageBin(storageBinId: number): Promise<boolean> {
    return (await this.#parentReads.anyForStorageBin.execute({ storageBinId })).length > 0;
  }
  // @end
}

const instances = new WeakMap<AppDatabase, DrizzleStockItemRepository>();

/** One repository per database: the modules of related models share it (and its prepared statements). */
export function stockItemRepository(db: AppDatabase): DrizzleStockItemRepository {
  let repository = instances.get(db);
  if (!repository) {
    repository = new DrizzleStockItemRepository(db);
    instances.set(db, repository);
  }
  return repository;
}
