import type { ArgDef, ArgsDef } from "citty";
import { usageError } from "../generate/errors.ts";
import { nearest } from "./nearest.ts";

interface Flag {
  name: string;
  def: ArgDef;
}

/** Every spelling of every flag (`--dry-run`, `--dryRun`, `-n`) mapped to its definition. */
function spellings(argsDef: ArgsDef): Map<string, Flag> {
  const map = new Map<string, Flag>();
  for (const [name, def] of Object.entries(argsDef)) {
    if (def.type === "positional") continue;
    const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    for (const spelling of [`--${name}`, `--${camel}`]) map.set(spelling, { name, def });
    const aliases = "alias" in def && def.alias ? [def.alias].flat() : [];
    for (const alias of aliases) map.set(alias.length === 1 ? `-${alias}` : `--${alias}`, { name, def });
  }
  return map;
}

const takesValue = (def: ArgDef) => def.type === "string" || def.type === "enum";

/**
 * citty accepts unknown flags and missing values silently: this walks the raw arguments first and rejects unknown
 * flags (suggesting the nearest one), flags without their value, invalid enum values (listing the valid ones) and
 * extra positional arguments. `command` names the command in the messages.
 */
export function checkFlags(rawArgs: readonly string[], argsDef: ArgsDef, command: string): void {
  const flags = spellings(argsDef);
  const positionals = Object.values(argsDef).filter((def) => def.type === "positional").length;
  let seenPositionals = 0;
  for (let i = 0; i < rawArgs.length; i++) {
    const token = rawArgs[i] ?? "";
    if (token === "--") break;
    if (!token.startsWith("-") || token === "-") {
      if (++seenPositionals > positionals) {
        throw usageError(`Unexpected argument "${token}": run \`${command} --help\` for the usage.`);
      }
      continue;
    }
    const eq = token.indexOf("=");
    const spelling = eq === -1 ? token : token.slice(0, eq);
    const negated = spelling.startsWith("--no-") ? flags.get(`--${spelling.slice(5)}`) : undefined;
    if (negated?.def.type === "boolean" && eq === -1) continue;
    const flag = flags.get(spelling);
    if (!flag) {
      const suggestion = nearest(
        spelling,
        [...flags.keys()].filter((s) => s.startsWith("--")),
      );
      const hint = suggestion ? `did you mean ${suggestion}?` : `run \`${command} --help\` for the flags`;
      throw usageError(`Unknown flag ${spelling}: ${hint}`);
    }
    if (!takesValue(flag.def)) {
      const value = eq === -1 ? "true" : token.slice(eq + 1);
      if (value !== "true" && value !== "false")
        throw usageError(`--${flag.name} takes no value: write --${flag.name}.`);
      continue;
    }
    const options = flag.def.type === "enum" ? (flag.def.options ?? []) : [];
    const expected = options.length > 0 ? `one of ${options.join(", ")}` : `a ${flag.def.valueHint ?? "value"}`;
    let value: string | undefined;
    if (eq !== -1) value = token.slice(eq + 1);
    else if (rawArgs[i + 1] !== undefined && !rawArgs[i + 1]?.startsWith("-")) value = rawArgs[++i];
    if (value === undefined || value === "") throw usageError(`--${flag.name} needs a value: ${expected}.`);
    if (options.length > 0 && !options.includes(value)) {
      throw usageError(`Invalid --${flag.name} "${value}": use ${expected}.`);
    }
  }
}

/** The boolean flag a token sets (`--dry-run`, `--dryRun=false`, `-n`, `--no-dry-run`), if it is one. */
function booleanFlag(token: string, flags: Map<string, Flag>): string | undefined {
  const eq = token.indexOf("=");
  const spelling = eq === -1 ? token : token.slice(0, eq);
  const flag =
    flags.get(spelling) ??
    (eq === -1 && spelling.startsWith("--no-") ? flags.get(`--${spelling.slice(5)}`) : undefined);
  return flag?.def.type === "boolean" ? flag.name : undefined;
}

/**
 * citty lets a negation (`--no-dry-run`) win wherever it stands and otherwise keeps the last spelling: this keeps only
 * the last occurrence of each boolean flag, so the last one wins, as for every other flag. Run after checkFlags.
 */
export function lastBooleanWins(rawArgs: readonly string[], argsDef: ArgsDef): string[] {
  const flags = spellings(argsDef);
  const end = rawArgs.includes("--") ? rawArgs.indexOf("--") : rawArgs.length;
  const last = new Map<string, number>();
  for (let i = 0; i < end; i++) {
    const name = booleanFlag(rawArgs[i] ?? "", flags);
    if (name !== undefined) last.set(name, i);
  }
  return rawArgs.filter((token, i) => {
    if (i >= end) return true;
    const name = booleanFlag(token, flags);
    return name === undefined || last.get(name) === i;
  });
}

/** `-o=basic` as `-o basic`: node's parser (under citty) would read the value as "=basic". */
export function splitShortValues(rawArgs: readonly string[]): string[] {
  const end = rawArgs.indexOf("--");
  return rawArgs.flatMap((token, i) =>
    (end === -1 || i < end) && /^-[^-]=/.test(token) ? [token.slice(0, 2), token.slice(3)] : [token],
  );
}
