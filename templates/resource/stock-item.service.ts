import { normalizeEmail } from "../platform/email.ts";
import { conflict, notFound } from "../platform/errors.ts";
import type { StockItem, StockItemInput, StockItemRelation } from "./stock-item.ts";
import type { StockItemChanges, StockItemFields, StockItemRepository } from "./stock-items.port.ts";
// @each parent
import type { StorageBinRepository } from "../storage-bins/storage-bins.port.ts";
// @end
// @each child
import type { SupplyOrderRepository } from "../supply-orders/supply-orders.port.ts";
// @end

export interface StockItemServiceDependencies {
  stockItems: StockItemRepository;
  // @each parent
  storageBins: StorageBinRepository;
  // @end
  // @each child
  supplyOrders: SupplyOrderRepository;
  // @end
  clock?: () => Date;
}

const stockItemNotFound = (id: number) => notFound(`StockItem ${id} not found`);
// @each parent
const storageBinNotFound = (id: number) => notFound(`StorageBin ${id} not found`);
// @end

/** The stored form of an input/*@if nullableFields*/: a field left out is null/*@if emailFields*/, an e-mail address normalised/*@end*//*@elif emailFields*/: an e-mail address normalised/*@end*/. */
const fields = (input: StockItemInput): /*@if hiddenFields*/StockItemChanges/*@else*/StockItemFields/*@end*/ => ({
  // @each field
  // @if email && notNull
  displayName: normalizeEmail(input.displayName),
  // @elif email
  shortNote: input.shortNote == null ? null : normalizeEmail(input.shortNote),
  // @else
  displayName: input.displayName/*@if nullable*/ ?? null/*@end*/,
  // @end
  // @end
  // @each parent
  storageBinId: input.storageBinId,
  // @end
});

/** StockItems: /*@if createRoute*/create, /*@end*/read, list, replace and soft-delete/*@if !createRoute*/ (/*@if full && templateUser*/they register through auth/*@else*/created elsewhere/*@end*/)/*@end*/. */
export class StockItemService {
  readonly #stockItems: StockItemRepository;
  // @each parent
  readonly #storageBins: StorageBinRepository;
  // @end
  // @each child
  readonly #supplyOrders: SupplyOrderRepository;
  // @end
  readonly #clock: () => Date;

  constructor(deps: StockItemServiceDependencies) {
    this.#stockItems = deps.stockItems;
    // @each parent
    this.#storageBins = deps.storageBins;
    // @end
    // @each child
    this.#supplyOrders = deps.supplyOrders;
    // @end
    this.#clock = deps.clock ?? (() => new Date());
  }

  // @if createRoute
  // @if uniqueFields && parents
  /** CONFLICT when /*@each unique join=" or "*/display_name/*@end*/ is taken. NOT_FOUND for an unknown /*@each parent join=" or "*/storage bin/*@end*/. */
  // @elif uniqueFields
  /** CONFLICT when /*@each unique join=" or "*/display_name/*@end*/ is taken. */
  // @elif parents
  /** NOT_FOUND for an unknown /*@each parent join=" or "*/storage bin/*@end*/. */
  // @end
  async create(input: StockItemInput): Promise<StockItem> {
    // @each parent
    if (!(await this.#storageBins.findById(input.storageBinId))) throw storageBinNotFound(input.storageBinId);
    // @end
    return this.#stockItems.create(fields(input), this.#clock());
  }
  // @end (without it, something else creates the rows: `full`'s users register through auth)

  // @if include
  async list(page: { limit: number; offset: number }, include: readonly StockItemRelation[] = []): Promise<StockItem[]> {
    return this.#withRelations(await this.#stockItems.list(page), include);
  }
  // @else (GraphQL, or no relations: GraphQL's relation fields batch their own reads, with the methods at the end)
  async list(page: { limit: number; offset: number }): Promise<StockItem[]> {
    return await this.#stockItems.list(page);
  }
  // @end
  // @if rest
  // @each parent

  /** The stock items of one storage bin; NOT_FOUND for an unknown storage bin. */
  async listByStorageBin(
    storageBinId: number,
    page: { limit: number; offset: number },
    include: readonly StockItemRelation[] = [],
  ): Promise<StockItem[]> {
    if (!(await this.#storageBins.findById(storageBinId))) throw storageBinNotFound(storageBinId);
    return this.#withRelations(await this.#stockItems.listByStorageBin(storageBinId, page), include);
  }
  // @end
  // @end

  /** Throws NOT_FOUND for an unknown or deleted id. */
  // @if include
  async get(id: number, include: readonly StockItemRelation[] = []): Promise<StockItem> {
    const stockItem = await this.#stockItems.findById(id);
    if (!stockItem) throw stockItemNotFound(id);
    const [withRelations = stockItem] = await this.#withRelations([stockItem], include);
    return withRelations;
  }
  // @else
  async get(id: number): Promise<StockItem> {
    const stockItem = await this.#stockItems.findById(id);
    if (!stockItem) throw stockItemNotFound(id);
    return stockItem;
  }
  // @end

  /** Replaces every field/*@if nullableFields*/ (a field left out becomes null)/*@end*/; NOT_FOUND for an unknown id./*@if uniqueFields*/ CONFLICT when /*@each unique join=" or "*/display_name/*@end*/ is taken./*@end*//*@if parents*/ NOT_FOUND for an unknown /*@each parent join=" or "*/storage bin/*@end*/./*@end*/ */
  async update(id: number, input: StockItemInput): Promise<StockItem> {
    // @each parent
    if (!(await this.#storageBins.findById(input.storageBinId))) throw storageBinNotFound(input.storageBinId);
    // @end
    const stockItem = await this.#stockItems.update(id, fields(input), this.#clock());
    if (!stockItem) throw stockItemNotFound(id);
    return stockItem;
  }

  /** Soft delete: the row keeps its deletion time. NOT_FOUND for an unknown or already deleted id./*@if children*/ CONFLICT while it has children./*@end*/ */
  async delete(id: number): Promise<void> {
    // @each child
    if (await this.#supplyOrders.existsForStockItem(id))
      throw conflict(`StockItem ${id} still has supply orders: delete them first`);
    // @end
    if (!(await this.#stockItems.softDelete(id, this.#clock()))) throw stockItemNotFound(id);
  }
  // @if include

  /** Sets the relations `include` names: one read per relation, whatever the number of stock items. */
  async #withRelations(stockItems: StockItem[], include: readonly StockItemRelation[]): Promise<StockItem[]> {
    let result = stockItems;
    // @each parent
    if (include.includes("storage_bin")) {
      const ids = [...new Set(result.map((stockItem) => stockItem.storageBinId))];
      const byId = new Map((await this.#storageBins.findByIds(ids)).map((parent) => [parent.id, parent]));
      result = result.map((stockItem) => ({ ...stockItem, storageBin: byId.get(stockItem.storageBinId) }));
    }
    // @end
    // @each hasMany
    if (include.includes("supply_orders")) {
      const supplyOrders = await this.#supplyOrders.findByStockItemIds(result.map(({ id }) => id));
      result = result.map((stockItem) => ({
        ...stockItem,
        supplyOrders: supplyOrders.filter((child) => child.stockItemId === stockItem.id),
      }));
    }
    // @end
    return result;
  }
  // @end
  // @if graphql && children

  /** The live stock items among `ids`, in one read (unknown or deleted ids are left out). */
  getByIds(ids: number[]): Promise<StockItem[]> {
    return this.#stockItems.findByIds(ids);
  }
  // @end
  // @if graphql
  // @each parent
  // @if listsSelf

  /** The live stock items of several storage bins, oldest first, in one read. */
  listByStorageBinIds(storageBinIds: number[]): Promise<StockItem[]> {
    return this.#stockItems.findByStorageBinIds(storageBinIds);
  }
  // @end
  // @end
  // @end
}
