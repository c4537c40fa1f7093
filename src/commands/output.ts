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

/**
 * Without the ANSI colour codes citty puts in its help and errors. Not node:util's stripVTControlCharacters: in the
 * compiled binary, reaching it loads Node's whole inspect module (~2 ms of every start-up).
 */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
export const stripColours = (text: string): string => text.replace(COLOUR, "");
