/** One import: its source and the names it takes (`type X` for a type-only name). */
export interface ImportSpec {
  from: string;
  names: string[];
  /** `import type { … }`. */
  typeOnly?: boolean;
}

/** Biome's order of names: letter by letter, case-insensitive, and upper case first where only the case differs. */
function compareNames(a: string, b: string): number {
  const bare = (name: string) => name.replace(/^type /, "");
  const [x, y] = [bare(a), bare(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p.toLowerCase() !== q.toLowerCase()) return p.toLowerCase() < q.toLowerCase() ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** Biome's order of two sources at the same distance: `/` and `.` sort before every other character. */
export function compareSources(a: string, b: string): number {
  const key = (source: string) => source.replace(/\//g, "\u0000").replace(/\./g, "\u0001");
  const [x, y] = [key(a), key(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Protocol packages (`bun:`), then packages, then paths from the farthest (`../../`) to the nearest (`./`). */
export function rank(source: string): [number, number] {
  if (/^[a-z]+:/.test(source)) return [0, 0];
  if (!source.startsWith(".")) return [1, 0];
  const ups = source.match(/\.\.\//g)?.length ?? 0;
  return [2, -ups];
}

/** The import lines of a file, merged per source and ordered as Biome's organizer leaves them. */
export function importLines(specs: ImportSpec[], width = 120): string[] {
  const merged = new Map<string, ImportSpec>();
  for (const spec of specs) {
    const key = `${spec.typeOnly ? "type " : ""}${spec.from}`;
    const earlier = merged.get(key);
    merged.set(key, { ...spec, names: [...new Set([...(earlier?.names ?? []), ...spec.names])] });
  }
  const ordered = [...merged.values()].sort((a, b) => {
    const [ra, rb] = [rank(a.from), rank(b.from)];
    if (ra[0] !== rb[0]) return ra[0] - rb[0];
    if (ra[1] !== rb[1]) return ra[1] - rb[1];
    return compareSources(a.from, b.from);
  });
  return ordered.map(({ from, names, typeOnly }) => {
    // Only types: `import type { A, B }` (Biome's useImportType).
    const allTypes = names.every((name) => name.startsWith("type "));
    const sorted = [...names].map((name) => (allTypes ? name.slice(5) : name)).sort(compareNames);
    const head = typeOnly || allTypes ? "import type" : "import";
    const flat = `${head} { ${sorted.join(", ")} } from "${from}";`;
    if (flat.length <= width) return flat;
    return `${head} {\n${sorted.map((name) => `  ${name},`).join("\n")}\n} from "${from}";`;
  });
}
