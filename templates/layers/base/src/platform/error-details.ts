import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * What an unexpected error's answer shows in development (APP_ENV=development): its message and stack. For a failed
 * query, the statement and the driver's message instead of Drizzle's message, which lists the statement's parameters:
 * a request's data (a user's password hash or token among them) must not leave the service, not even in development.
 */
export function developmentDetails(error: Error): { message: string; stack?: string } {
  if (!(error instanceof DrizzleQueryError)) return { message: error.message, stack: error.stack };
  const message = `Failed query: ${error.query}${error.cause ? `\n${error.cause.message}` : ""}`;
  const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line)) ?? [];
  return { message, stack: [message, ...frames].join("\n") };
}
