import type { ArgDef, ArgsDef, CommandDef, EnumArgDef } from "citty";
import { AVAILABLE } from "../generate/choices.ts";

/**
 * The help screens, rendered here rather than by citty: citty right-aligns the flags and pads every line to the
 * longest description (about 170 columns here), which wraps badly in a terminal. These lines stay within 80
 * columns, without trailing spaces and without colours.
 */
const WIDTH = 80;
/** Flags up to this width share their line with the description; longer ones put it on the next line. */
const MAX_LEFT = 28;

const resolve = async <T>(value: T | Promise<T> | (() => T | Promise<T>)): Promise<T> =>
  typeof value === "function" ? (value as () => T | Promise<T>)() : value;

/** `text` broken at spaces into lines of at most `width` characters (a longer word gets its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}

/** Two columns: the left one at the margin, the descriptions aligned after it and wrapped to the width. */
function columns(rows: [string, string][]): string[] {
  const left = Math.min(MAX_LEFT, Math.max(...rows.map(([name]) => name.length)));
  const indent = " ".repeat(2 + left + 2);
  const lines: string[] = [];
  for (const [name, description] of rows) {
    const text = wrap(description, WIDTH - indent.length);
    if (name.length > left) lines.push(`  ${name}`);
    else lines.push(`  ${name.padEnd(left)}  ${text.shift() ?? ""}`.trimEnd());
    lines.push(...text.map((line) => indent + line));
  }
  return lines;
}

/**
 * An enum's choices as the templates see them, e.g. "none (default), basic; advanced: not in this release" (a
 * manifest that lists a choice the CLI knows as not available yet).
 */
export function choiceText(options: readonly string[], available: readonly string[], fallback?: string): string {
  const label = (value: string) => (value === fallback ? `${value} (default)` : value);
  const ready = options.filter((value) => available.includes(value)).map(label);
  const later = options.filter((value) => !available.includes(value));
  return later.length > 0 ? `${ready.join(", ")}; ${later.join(", ")}: not in this release` : ready.join(", ");
}

/** A flag's choices as the embedded manifest's `available` list under the flag's name sees them. */
function choices(name: string, def: EnumArgDef): string {
  const options = def.options ?? [];
  return choiceText(options, AVAILABLE[name as keyof typeof AVAILABLE] ?? options, def.default as string | undefined);
}

function flagRow(name: string, def: ArgDef): [string, string] {
  const aliases = "alias" in def && def.alias ? [def.alias].flat() : [];
  const spelled = [...aliases.map((alias) => (alias.length === 1 ? `-${alias}` : `--${alias}`)), `--${name}`];
  const takesValue = def.type === "string" || def.type === "enum";
  const flag = `${spelled.join(", ")}${takesValue ? ` <${def.valueHint ?? "value"}>` : ""}`;
  const description = def.description ?? "";
  if (def.type === "enum") return [flag, `${description}: ${choices(name, def)}`];
  return [
    flag,
    def.default !== undefined && def.default !== false ? `${description} (default: ${def.default})` : description,
  ];
}

/**
 * The help of `command` (a subcommand of `parent` when given); `builtIns` are commands answered without a
 * CommandDef (name -> description), listed after the others.
 */
export async function renderUsage(
  command: CommandDef,
  parent?: CommandDef,
  builtIns: Readonly<Record<string, string>> = {},
): Promise<string> {
  const meta = (await resolve(command.meta)) ?? {};
  const parentMeta = parent ? ((await resolve(parent.meta)) ?? {}) : {};
  const name = [parentMeta.name, meta.name].filter(Boolean).join(" ");
  const args = Object.entries(((await resolve(command.args)) ?? {}) as ArgsDef);
  const positionals = args.filter(([, def]) => def.type === "positional");
  const flags = args.filter(([, def]) => def.type !== "positional");
  const subCommands = Object.entries((await resolve(command.subCommands)) ?? {});
  const commandCount = subCommands.length + Object.keys(builtIns).length;

  const version = meta.version ?? parentMeta.version;
  const lines = [...wrap(`${meta.description ?? ""} (${name}${version ? ` ${version}` : ""})`, WIDTH), ""];
  const operands = positionals.map(([arg, def]) => (def.required === false ? `[${arg}]` : `<${arg}>`));
  const usage = [`${name}${flags.length > 0 ? " [options]" : ""}${operands.map((o) => ` ${o}`).join("")}`];
  if (commandCount > 0) usage.push(`${name} <command> [options]`);
  lines.push(...usage.map((line, i) => `${i === 0 ? "Usage:" : "      "} ${line}`), "");
  if (positionals.length > 0) {
    lines.push("Arguments:", ...columns(positionals.map(([arg, def]) => [arg, def.description ?? ""])), "");
  }
  if (flags.length > 0) lines.push("Options:", ...columns(flags.map(([arg, def]) => flagRow(arg, def))), "");
  if (commandCount > 0) {
    const rows: [string, string][] = [];
    for (const [sub, def] of subCommands)
      rows.push([sub, (await resolve((await resolve(def)).meta))?.description ?? ""]);
    rows.push(...Object.entries(builtIns));
    lines.push("Commands:", ...columns(rows), "", `Run \`${name} <command> --help\` for the help of one command.`);
  }
  return lines.join("\n").trimEnd();
}
