import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** Hex SHA-256 of a file, streamed (release binaries are around 100 MB). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** `sha256sum` output format (`<hex>  <name>`, one line per file, sorted by name), which `sha256sum -c` reads. */
export function formatSha256Sums(sums: Record<string, string>): string {
  return Object.keys(sums)
    .sort()
    .map((name) => `${sums[name]}  ${name}\n`)
    .join("");
}
