/**
 * JSON as Biome formats it: like `JSON.stringify(value, null, 2)`, except that an array of plain values that fits in
 * the line stays on it (`"belongsTo": ["Category"]`), so scaffold.json passes the project's lint as it is written.
 */
export function stringifyJson(value: unknown, indent = "", key = ""): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const flat = `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    const plain = value.every((item) => item === null || typeof item !== "object");
    if (plain && indent.length + key.length + flat.length <= 118) return flat;
    const inner = `${indent}  `;
    return `[\n${value.map((item) => `${inner}${stringifyJson(item, inner)}`).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return "{}";
    const inner = `${indent}  `;
    const lines = entries.map(([name, item]) => {
      const label = `${JSON.stringify(name)}: `;
      return `${inner}${label}${stringifyJson(item, inner, label)}`;
    });
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}
