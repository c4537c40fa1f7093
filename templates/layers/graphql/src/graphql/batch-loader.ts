/**
 * A value per GraphQL request: graphql-yoga hands every resolver of one request the same context object, so what
 * `create` makes is shared by the fields of that request and dropped with it.
 */
export function perRequest<T>(create: () => T): (context: object) => T {
  const values = new WeakMap<object, T>();
  return (context) => {
    let value = values.get(context);
    if (value === undefined) {
      value = create();
      values.set(context, value);
    }
    return value;
  };
}

/**
 * Loads by key in batches, as DataLoader does: the keys asked for in one tick (the same field of every item of a
 * list) go into one `loadMany` call, and each key's values (those `keyOf` maps to it) are kept for the request.
 */
export function batchLoader<V>(loadMany: (keys: number[]) => Promise<V[]>, keyOf: (value: V) => number) {
  const loaded = new Map<number, Promise<V[]>>();
  let batch: { keys: number[]; values: Promise<Map<number, V[]>> } | undefined;
  return (key: number): Promise<V[]> => {
    let values = loaded.get(key);
    if (values === undefined) {
      if (batch === undefined) {
        const keys: number[] = [];
        // Runs once the resolvers of this tick have all asked (a microtask later).
        const grouped = Promise.resolve().then(async () => {
          batch = undefined;
          const byKey = new Map<number, V[]>();
          for (const value of await loadMany(keys)) {
            const key = keyOf(value);
            byKey.set(key, [...(byKey.get(key) ?? []), value]);
          }
          return byKey;
        });
        batch = { keys, values: grouped };
      }
      batch.keys.push(key);
      values = batch.values.then((byKey) => byKey.get(key) ?? []);
      loaded.set(key, values);
    }
    return values;
  };
}
