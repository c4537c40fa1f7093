import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, digest, writeZlibStored, zlibStoredLength } from "./fast-digest.ts";

/** A git object before packing: its type, body and SHA-1 (of `<type> <size>\0<body>`). */
export interface GitObject {
  type: "commit" | "tree" | "blob";
  body: Uint8Array;
  hash: Buffer;
}

const TYPE_CODES = { commit: 1, tree: 2, blob: 3 } as const;

export function gitObject(type: GitObject["type"], body: Uint8Array): GitObject {
  return { type, body, hash: digest("sha1", `${type} ${body.length}\0`, body) };
}

/** An object whose hash is already known (hex), so it is not hashed again. */
export const knownObject = (type: GitObject["type"], body: Uint8Array, hash: string): GitObject => ({
  type,
  body,
  hash: Buffer.from(hash, "hex"),
});

/** Pack entry header: type and size, 4 bits then 7 bits per byte, least significant first. */
function entryHeader(type: GitObject["type"], size: number): number[] {
  const bytes: number[] = [];
  let byte = (TYPE_CODES[type] << 4) | (size & 0x0f);
  for (let rest = Math.floor(size / 16); rest > 0; rest = Math.floor(rest / 128)) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
  }
  bytes.push(byte);
  return bytes;
}

/**
 * Writes `objects` as one pack (version 2) and its index (version 2) in `<gitDir>/objects/pack`: two files, where
 * loose objects take a folder and a file each. Objects are stored, not deflated (see `writeZlibStored`), as in a loose
 * object that `git gc` has not compressed yet; a few hundred kilobytes at most. Built in one buffer: in the binary's
 * cold start, every allocation and copy counts.
 */
export function writePack(gitDir: string, objects: readonly GitObject[]): void {
  const headers = objects.map(({ type, body }) => entryHeader(type, body.length));
  const size = objects.reduce((sum, { body }, i) => sum + (headers[i] as number[]).length + zlibStoredLength(body), 12);
  const pack = Buffer.alloc(size + 20);
  pack.write("PACK", 0);
  pack.writeUInt32BE(2, 4);
  pack.writeUInt32BE(objects.length, 8);
  const entries: { hash: Buffer; offset: number; crc: number }[] = [];
  let at = 12;
  objects.forEach(({ body, hash }, i) => {
    const start = at;
    const header = headers[i] as number[];
    pack.set(header, at);
    at = writeZlibStored(body, pack, at + header.length);
    entries.push({ hash, offset: start, crc: crc32(pack.subarray(start, at)) });
  });
  const packHash = digest("sha1", pack.subarray(0, size));
  packHash.copy(pack, size);
  entries.sort((a, b) => Buffer.compare(a.hash, b.hash));

  const fanoutAt = 8;
  const namesAt = fanoutAt + 256 * 4;
  const crcsAt = namesAt + entries.length * 20;
  const offsetsAt = crcsAt + entries.length * 4;
  const checksumsAt = offsetsAt + entries.length * 4;
  const index = Buffer.alloc(checksumsAt + 40);
  index.writeUInt32BE(0xff744f63, 0);
  index.writeUInt32BE(2, 4);
  entries.forEach((entry, i) => {
    entry.hash.copy(index, namesAt + i * 20);
    index.writeUInt32BE(entry.crc, crcsAt + i * 4);
    index.writeUInt32BE(entry.offset, offsetsAt + i * 4);
  });
  // fanout[b] = how many objects have a first byte <= b.
  for (let b = 0, count = 0; b < 256; b++) {
    while (count < entries.length && (entries[count]?.hash[0] as number) <= b) count++;
    index.writeUInt32BE(count, fanoutAt + b * 4);
  }
  packHash.copy(index, checksumsAt);
  digest("sha1", index.subarray(0, checksumsAt + 20)).copy(index, checksumsAt + 20);

  const name = join(gitDir, "objects", "pack", `pack-${packHash.toString("hex")}`);
  writeFileSync(`${name}.pack`, pack, { mode: 0o444 });
  writeFileSync(`${name}.idx`, index, { mode: 0o444 });
}
