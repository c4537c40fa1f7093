import { z } from "zod";

/** A local MySQL / MariaDB server; the database is created on first start when the user may do so. */
export const defaultDatabaseUrl = "mysql://root@127.0.0.1:3306/__PROJECT_NAME__";

/** What is wrong with `url` as `mysql://user:password@host:port/database` (only its scheme is quoted), or nothing. */
function problemOf(url: string): string | undefined {
  const scheme = `"${url.split(":")[0]}:"`;
  if (!URL.canParse(url)) return `must be a URL: mysql://user:password@host:3306/<database> (got ${scheme})`;
  const parsed = new URL(url);
  if (parsed.protocol !== "mysql:") return `must start with mysql:// (got ${scheme})`;
  if (parsed.pathname.length <= 1) return "must name a database: mysql://user:password@host:3306/<database>";
  return undefined;
}

export const databaseUrlSchema = z.string().superRefine((url, context) => {
  const problem = problemOf(url);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** Splits `mysql://user:password@host:port/database` into the server URL and the database name. */
export function splitDatabaseUrl(url: string): { server: string; database: string } {
  const problem = problemOf(url);
  if (problem) throw new Error(`DATABASE_URL ${problem}`);
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.slice(1));
  parsed.pathname = "/";
  return { server: parsed.toString(), database };
}
