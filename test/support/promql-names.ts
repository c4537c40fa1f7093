/** PromQL words that are not metric names (operators, modifiers, aggregation clauses). */
const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "inf",
  "nan",
]);

/**
 * The metric names a PromQL expression reads: every identifier that is not a function call, a keyword, a label in a
 * matcher or grouping clause, a duration or a string. Enough for the dashboard's and the alerts' queries.
 */
export function promqlMetricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "")
    .replace(/\$\w+/g, "");
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*/g)) {
    const name = match[0];
    const next = bare.slice((match.index ?? 0) + name.length).trimStart();
    if (next.startsWith("(") || KEYWORDS.has(name.toLowerCase())) continue;
    names.add(name);
  }
  return [...names].sort();
}

/** The family a sample name belongs to: a histogram's `_bucket`, `_sum` and `_count` series are its own. */
export function metricFamily(name: string, families: Set<string>): string {
  const base = name.replace(/_(bucket|sum|count)$/, "");
  return families.has(base) ? base : name;
}
