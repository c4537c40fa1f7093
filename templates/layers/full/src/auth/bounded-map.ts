/**
 * A Map holding at most `maxEntries`: storing a new key when it is full drops the key stored longest ago. The
 * in-memory caches use it, so a flood of distinct keys costs a fixed amount of memory.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    // Re-inserting moves the key to the end, so the Map's first key is always the one stored longest ago.
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}
