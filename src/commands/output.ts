/**
 * The CLI's printer, for a tool whose output is its product: plain lines on stdout, warnings and errors as
 * `warn: …` / `error: …` on stderr. console.log / console.error rather than a logging library: in the compiled binary,
 * touching process.stdout/stderr at import (as consola does) costs several milliseconds of every start-up.
 */
export const out = {
  log: (...args: unknown[]): void => console.log(args.map(String).join(" ")),
  success: (...args: unknown[]): void => console.log(`✔ ${args.map(String).join(" ")}`),
  warn: (...args: unknown[]): void => console.error(`warn: ${args.map(String).join(" ")}`),
  error: (...args: unknown[]): void => console.error(`error: ${args.map(String).join(" ")}`),
};
