import { type ConsolaReporter, createConsola, LogLevels } from "consola/basic";

/**
 * The CLI's printer: consola's light build (the full one costs ~10 ms of start-up) with a reporter for a tool whose
 * output is its product: plain lines on stdout, warnings and errors as `warn: …` / `error: …` on stderr. Level fixed
 * at info, so NODE_ENV=test or TEST (which quiet consola by default) never hide the output.
 */
const reporter: ConsolaReporter = {
  log(entry, { options }) {
    const text = entry.args.map(String).join(" ");
    if (entry.level <= LogLevels.warn) options.stderr?.write(`${entry.type === "warn" ? "warn" : "error"}: ${text}\n`);
    else options.stdout?.write(`${entry.type === "success" ? "✔ " : ""}${text}\n`);
  },
};

export const out = createConsola({ reporters: [reporter], level: LogLevels.info });
