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
