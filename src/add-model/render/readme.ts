import type { EmitContext, Related } from "../model.ts";
import { type ReadTemplate, renderResourceFile } from "./resource.ts";

export const sectionStart = (model: string) => `<!-- scaffold add-model: ${model} -->`;
export const sectionEnd = (model: string) => `<!-- /scaffold add-model: ${model} -->`;

/** A row's cells, trimmed: `| a | b |` -> ["a", "b"]. */
const cellsOf = (row: string) =>
  row
    .slice(1, -1)
    .split("|")
    .map((cell) => cell.trim());

const isRule = (cells: string[]) => cells.every((cell) => /^-+$/.test(cell));

/** A table's rows with every column as wide as its widest cell (at least 3), as Biome lays Markdown tables out. */
function padTable(rows: string[]): string[] {
  const table = rows.map(cellsOf);
  const content = table.filter((cells) => !isRule(cells));
  const widths = (table[0] ?? []).map((_, i) => Math.max(3, ...content.map((cells) => (cells[i] ?? "").length)));
  const cell = (text: string, i: number, rule: boolean) =>
    rule ? "-".repeat(widths[i] as number) : text.padEnd(widths[i] as number);
  return table.map((cells) => `| ${cells.map((text, i) => cell(text, i, isRule(cells))).join(" | ")} |`);
}

/**
 * The project README's section of a model (templates/resource/README.md: its routes or operations, and its fields)
 * between the markers add-model finds it by again. The sample's tables are padded here, so that a project whose Biome
 * is not installed yet gets the layout `npm run lint` expects.
 */
export function readmeSection(context: EmitContext, all: readonly Related[], read?: ReadTemplate): string {
  const name = context.record.name;
  const body = renderResourceFile("README.md", context, all, read).replace(
    /^\|.*\|\n(?:\|.*\|\n)*/gm,
    (rows) => `${padTable(rows.trimEnd().split("\n")).join("\n")}\n`,
  );
  return [sectionStart(name), body.trimEnd(), sectionEnd(name)].join("\n");
}
