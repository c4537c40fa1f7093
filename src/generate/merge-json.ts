type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function mergeObjects(base: Json, overlay: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? mergeObjects(current, value) : value;
  }
  return merged;
}

/** `package.json` fragments: a later layer's keys are merged into the earlier file, object by object. */
export function mergeJson(earlier: string, later: string): string {
  return `${JSON.stringify(mergeObjects(JSON.parse(earlier), JSON.parse(later)), null, 2)}\n`;
}
