import { type ArgsDef, type CommandDef, runCommand } from "citty";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ScaffoldError } from "../generate/errors.ts";
import { newArgs } from "./args.ts";
import { checkFlags, splitShortValues } from "./check-flags.ts";
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

/**
 * Runs the CLI and returns its exit code. `scaffold <name>` is `scaffold new <name>`; `--help` anywhere shows the
 * help of the command it belongs to; every error is one line on stderr with a documented exit code.
 */
export async function runCli<T extends ArgsDef>(root: CommandDef<T>, argv: string[]): Promise<number> {
  const rawArgs = splitShortValues(argv);
  const subCommands = (await resolve(root.subCommands)) ?? {};
  try {
    const index = firstPositional(rawArgs);
    const word = index === -1 ? undefined : rawArgs[index];
    const named = word !== undefined && Object.hasOwn(subCommands, word);
    const options = rawArgs.includes("--") ? rawArgs.slice(0, rawArgs.indexOf("--")) : rawArgs;
    const help = options.some(isHelp);
    if (options.includes("--version") && !help) {
      out.log((await resolve(root.meta))?.version ?? "");
      return EXIT_OK;
    }
    if (rawArgs.length === 0 || (help && !named && index === -1)) {
      out.log(await renderUsage(root as CommandDef));
      return EXIT_OK;
    }
    const subArgs = named ? rawArgs.filter((_, i) => i !== index) : rawArgs;
    const sub = (await resolve(subCommands[named ? (word as string) : "new"])) as CommandDef;
    const argsDef = (await resolve(sub.args)) ?? {};
    if (help) {
      out.log(await renderUsage(sub, root as CommandDef));
      return EXIT_OK;
    }
    const meta = await resolve(sub.meta);
    checkFlags(subArgs, argsDef, `scaffold ${meta?.name ?? ""}`.trim());
    await runCommand(sub, { rawArgs: subArgs });
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
