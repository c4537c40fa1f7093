import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";

const JOURNAL = "drizzle/meta/_journal.json";

/** A UUID of version 4's shape whose bits are a hash of `seed`: the same seed always gives the same id. */
export function derivedUuid(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Replaces the last occurrence of `from` in `text`; throws when there is none (drizzle-kit changed its format). */
function replaceLast(text: string, from: string, to: string, file: string): string {
  const at = text.lastIndexOf(from);
  if (at === -1) throw new Error(`${file} does not hold ${from} as drizzle-kit writes it`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * drizzle-kit gives each migration's snapshot a random id and its journal entry the clock's time, so the same
 * add-model runs would never give the same project twice. Once it has written `files` (the migration of `at`'s run),
 * the snapshot's id becomes a hash of the previous snapshot's id and the migration's tag, and the entry's `when` the
 * run's recorded time. Only those two values are replaced, in drizzle-kit's own text.
 */
export async function settleMigrationMetadata(root: string, files: readonly string[], at: string): Promise<void> {
  const sql = files.find((file) => /^drizzle\/[^/]+\.sql$/.test(file));
  const snapshotPath = files.find((file) => /^drizzle\/meta\/\d+_snapshot\.json$/.test(file));
  if (!sql || !snapshotPath) throw new Error(`drizzle-kit wrote no migration and snapshot (${files.join(", ")})`);
  const tag = basename(sql, ".sql");

  const snapshotText = await readFile(join(root, snapshotPath), "utf8");
  const { id, prevId } = JSON.parse(snapshotText) as { id: string; prevId: string };
  const settledId = derivedUuid(`${prevId}\n${tag}`);
  const settled = replaceLast(snapshotText, `"id": "${id}"`, `"id": "${settledId}"`, snapshotPath);
  await writeFile(join(root, snapshotPath), settled);

  const journalText = await readFile(join(root, JOURNAL), "utf8");
  const { entries } = JSON.parse(journalText) as { entries: Array<{ tag: string; when: number }> };
  const entry = entries.find((candidate) => candidate.tag === tag);
  if (!entry) throw new Error(`${JOURNAL} has no entry ${tag}`);
  const when = `"when": ${Date.parse(at)}`;
  await writeFile(join(root, JOURNAL), replaceLast(journalText, `"when": ${entry.when}`, when, JOURNAL));
}
