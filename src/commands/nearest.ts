/**
 * Edit distance between two short strings (flag and command names): insertions, deletions, substitutions and swaps of
 * two neighbouring characters (`hlep`) each count one (optimal string alignment).
 */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row[j] = d;
    }
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate closest to `input`, if it is close enough to be a plausible typo: within `maxDistance` edits
 * (by default 2, or a third of the input's length for long inputs).
 */
export function nearest(
  input: string,
  candidates: readonly string[],
  maxDistance = Math.max(2, Math.floor(input.length / 3)),
): string | undefined {
  let best: string | undefined;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    const d = distance(input, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
