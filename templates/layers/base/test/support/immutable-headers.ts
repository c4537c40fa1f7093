/** Deno and Node.js refuse header changes on `Response.redirect()` answers; Bun allows them, so this makes the refusal. */
export function withImmutableHeaders(res: Response): Response {
  const refuse = () => {
    throw new TypeError("immutable headers");
  };
  const headers = new Proxy(res.headers, {
    get(target, key) {
      if (key === "set" || key === "append" || key === "delete") return refuse;
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  Object.defineProperty(res, "headers", { get: () => headers });
  return res;
}
