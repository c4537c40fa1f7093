/** What every stored row has; `deletedAt` is set instead of removing the row. */
export interface StoredRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/**
 * A soft-deleting table in memory, the base of the in-memory repositories: ids count up from 1, a deleted row stays
 * (with its deletion time) but no read finds it, and lists keep insertion order.
 */
export class InMemoryRows<Row extends StoredRow> {
  readonly rows: Row[] = [];

  insert(values: Omit<Row, keyof StoredRow>, now: Date): Row {
    const row = { ...values, id: this.rows.length + 1, createdAt: now, updatedAt: now, deletedAt: null } as Row;
    this.rows.push(row);
    return row;
  }

  live(id: number): Row | undefined {
    return this.rows.find((row) => row.id === id && !row.deletedAt);
  }

  page({ limit, offset }: { limit: number; offset: number }): Row[] {
    return this.rows.filter((row) => !row.deletedAt).slice(offset, offset + limit);
  }

  /** Changes a live row; undefined when there is none with this id. */
  update(id: number, changes: Partial<Row>, now: Date): Row | undefined {
    const row = this.live(id);
    if (row) Object.assign(row, changes, { updatedAt: now });
    return row;
  }

  softDelete(id: number, now: Date): boolean {
    return Boolean(this.update(id, { deletedAt: now } as Partial<Row>, now));
  }

  /** Like the database's unique index, which covers live rows only: a deleted row's value can be taken again. */
  taken<K extends keyof Row>(key: K, value: Row[K], except?: number): boolean {
    return this.rows.some((row) => row[key] === value && !row.deletedAt && row.id !== except);
  }
}
