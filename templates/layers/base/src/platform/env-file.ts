import { existsSync, readFileSync } from "node:fs";

/**
 * Loads `KEY=value` lines of a `.env` file into `process.env` without overriding variables that are already set, so
 * the real environment always wins. Same behaviour on Node, Bun and Deno (each has its own, different, loader).
 */
export function loadEnvFile(path: string, env: Record<string, string | undefined> = process.env): void {
  if (!existsSync(path)) return;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || env[match[1]] !== undefined) continue;
    env[match[1]] = unquote(match[2] ?? "");
  }
}

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length > 1) return value.slice(1, -1);
  return value.replace(/\s+#.*$/, "");
}
