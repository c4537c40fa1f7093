import type { EmitContext, Related } from "../model.ts";
import { renderResourceFile } from "./resource.ts";

export const sectionStart = (model: string) => `<!-- scaffold add-model: ${model} -->`;
export const sectionEnd = (model: string) => `<!-- /scaffold add-model: ${model} -->`;

const cellsOf = (row: string) =>
  row
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());

/** A Markdown table with its columns padded as Biome formats it (a project without Biome installed keeps this). */
function padTable(rows: string[]): string[] {
  const table = rows.map(cellsOf);
  const isRule = (cells: string[]) => cells.every((cell) => /^-+$/.test(cell));
  const widths = (table[0] ?? []).map((_, i) =>
    Math.max(3, ...table.filter((cells) => !isRule(cells)).map((cells) => (cells[i] ?? "").length)),
  );
  return table.map(
    (cells) =>
      `| ${cells.map((cell, i) => (isRule(cells) ? "-".repeat(widths[i] ?? 3) : cell.padEnd(widths[i] ?? 0))).join(" | ")} |`,
  );
}

function padTables(markdown: string): string {
  return markdown.replace(/^\|.*\|\n(?:\|.*\|\n)*/gm, (rows) => `${padTable(rows.trimEnd().split("\n")).join("\n")}\n`);
}

/**
 * The project README's section of a model (templates/resource/README.md: its routes or operations, and its fields)
 * between the markers add-model finds it by again.
 */
export function readmeSection(context: EmitContext, all: readonly Related[]): string {
  const name = context.record.name;
  const body = padTables(renderResourceFile("README.md", context, all)).trimEnd();
  return [sectionStart(name), body, sectionEnd(name)].join("\n");
}
