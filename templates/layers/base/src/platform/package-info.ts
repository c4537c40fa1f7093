import packageJson from "../../package.json" with { type: "json" };

/** npm's `author`: `"Name <e-mail> (url)"` or an object. */
type Author = string | { name: string; email?: string; url?: string };

const { name, version, license, author }: { name: string; version: string; license?: string; author?: Author } =
  packageJson;

/**
 * Name and version from package.json: the service name in logs and readiness, the title of the API reference; its
 * license and author are the API reference's too.
 */
export const packageInfo = { name, version, license, author };
