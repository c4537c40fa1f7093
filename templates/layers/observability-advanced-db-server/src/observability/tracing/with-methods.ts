/**
 * The client with some methods replaced and every other member read from the client itself (methods bound to it:
 * drivers keep private fields that a proxy as `this` could not reach).
 */
export function withMethods<Client extends object>(client: Client, methods: Partial<Record<keyof Client, unknown>>) {
  return new Proxy(client, {
    get(target, property) {
      if (Object.hasOwn(methods, property)) return methods[property as keyof Client];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
