import { type ArgsDef, type CommandDef, runCommand } from "citty";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ScaffoldError } from "../generate/errors.ts";
import { helpArg, newArgs } from "./args.ts";
import { checkFlags, lastBooleanWins, splitShortValues } from "./check-flags.ts";
import { checkCommandWord, unknownCommand } from "./command-word.ts";
import { out, stripColours } from "./output.ts";
import { renderUsage } from "./usage.ts";

const resolve = async <T>(value: T | Promise<T> | (() => T | Promise<T>)): Promise<T> =>
  typeof value === "function" ? (value as () => T | Promise<T>)() : value;

/** Index of the first positional argument, skipping the values of `new`'s value flags (they may come first). */
function firstPositional(rawArgs: readonly string[]): number {
  const valueFlags = new Set<string>();
  for (const [name, def] of Object.entries(newArgs as ArgsDef)) {
    if (def.type !== "string" && def.type !== "enum") continue;
    valueFlags.add(`--${name}`);
    if ("alias" in def && typeof def.alias === "string") valueFlags.add(`-${def.alias}`);
  }
  for (let i = 0; i < rawArgs.length; i++) {
    const token = rawArgs[i] ?? "";
    if (token === "--") return -1;
    if (!token.startsWith("-")) return i;
    if (valueFlags.has(token)) i++;
  }
  return -1;
}

const isHelp = (token: string) => token === "--help" || token === "-h";
const isVersion = (token: string) => token === "--version" || token === "-v";

/** Commands the dispatcher answers itself (they need the root command), listed in the root help. */
export const BUILT_IN_COMMANDS = {
  help: "Show this help, or the help of the command named after it",
  version: "Print the version",
} as const;

/** `scaffold help [command]`: takes one optional command name and the common flags. */
const helpCommandArgs = {
  command: { type: "positional", required: false },
  ...helpArg,
} as const satisfies ArgsDef;

/**
 * Runs the CLI and returns its exit code. `scaffold <name>` is `scaffold new <name>` unless the name looks like a
 * command (see checkCommandWord); `--help` anywhere shows the help of the command it belongs to; every error is one
 * line on stderr with a documented exit code.
 */
export async function runCli<T extends ArgsDef>(root: CommandDef<T>, argv: string[]): Promise<number> {
  const rawArgs = splitShortValues(argv);
  const subCommands = (await resolve(root.subCommands)) ?? {};
  const commandNames = [...Object.keys(subCommands), ...Object.keys(BUILT_IN_COMMANDS)];
  const rootUsage = () => renderUsage(root as CommandDef, undefined, BUILT_IN_COMMANDS);
  try {
    const index = firstPositional(rawArgs);
    const word = index === -1 ? undefined : rawArgs[index];
    const named = word !== undefined && Object.hasOwn(subCommands, word);
    const subArgs = index === -1 ? rawArgs : rawArgs.filter((_, i) => i !== index);
    const options = rawArgs.includes("--") ? rawArgs.slice(0, rawArgs.indexOf("--")) : rawArgs;
    const help = word === "help" || options.some(isHelp);
    if (!help && (word === "version" || options.some(isVersion))) {
      if (word === "version") checkFlags(subArgs, helpArg, "scaffold version");
      out.log((await resolve(root.meta))?.version ?? "");
      return EXIT_OK;
    }
    if (word === "help") {
      checkFlags(subArgs, helpCommandArgs, "scaffold help");
      const topic = subArgs.find((token) => !token.startsWith("-"));
      if (topic === undefined || Object.hasOwn(BUILT_IN_COMMANDS, topic)) {
        out.log(await rootUsage());
      } else if (Object.hasOwn(subCommands, topic)) {
        out.log(await renderUsage((await resolve(subCommands[topic])) as CommandDef, root as CommandDef));
      } else {
        throw unknownCommand(topic, commandNames);
      }
      return EXIT_OK;
    }
    if (rawArgs.length === 0 || (help && index === -1) || word === "version") {
      out.log(await rootUsage());
      return EXIT_OK;
    }
    if (word !== undefined && !named) checkCommandWord(word, commandNames);
    const sub = (await resolve(subCommands[named ? (word as string) : "new"])) as CommandDef;
    const commandArgs = named ? subArgs : rawArgs;
    const argsDef = (await resolve(sub.args)) ?? {};
    if (help) {
      out.log(await renderUsage(sub, root as CommandDef));
      return EXIT_OK;
    }
    const meta = await resolve(sub.meta);
    checkFlags(commandArgs, argsDef, `scaffold ${meta?.name ?? ""}`.trim());
    await runCommand(sub, { rawArgs: lastBooleanWins(commandArgs, argsDef) });
    return (process.exitCode as number | undefined) ?? EXIT_OK;
  } catch (error) {
    return report(error);
  }
}

function report(error: unknown): number {
  if (error instanceof ScaffoldError) {
    out.error(error.message);
    return error.exitCode;
  }
  if (error instanceof Error && error.name === "CLIError") {
    out.error(`${stripColours(error.message)} Run \`scaffold --help\` for the usage.`);
    return EXIT_USAGE;
  }
  out.error(`Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.DEBUG && error instanceof Error) out.log(error.stack);
  return EXIT_FAILURE;
}
