/**
 * SHA hashes, CRC-32 and zlib streams for git objects, cheap to start: in the compiled binary, importing node:crypto and
 * node:zlib costs ~9 ms, and each zlib compression call ~60 µs of set-up, more than the rest of a whole commit.
 * Under Bun the native hasher is used; under Node (running from source) node:crypto, imported only there.
 */
const bun = (globalThis as { Bun?: typeof Bun }).Bun;
const nodeCrypto = bun ? null : await import("node:crypto");

/** The hash of the concatenated `parts`. */
export function digest(algorithm: "sha1" | "sha256", ...parts: (Uint8Array | string)[]): Buffer {
  const hash = nodeCrypto ? nodeCrypto.createHash(algorithm) : new (bun as typeof Bun).CryptoHasher(algorithm);
  for (const part of parts) hash.update(part);
  return Buffer.from(hash.digest() as Uint8Array);
}

function adler32(data: Uint8Array): number {
  if (bun) return Number(bun.hash.adler32(data));
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    // 3800 bytes per round keeps the sums below 2^31 before the modulo.
    const end = Math.min(i + 3800, data.length);
    for (; i < end; i++) {
      a += data[i] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE, as zlib and git's pack index compute it). */
export function crc32(data: Uint8Array): number {
  if (bun) return bun.hash.crc32(data) >>> 0;
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const STORED_BLOCK = 0xffff;

const blockCount = (length: number) => Math.max(1, Math.ceil(length / STORED_BLOCK));

/** Size of `zlibStored(data)`. */
export const zlibStoredLength = (data: Uint8Array): number => 2 + blockCount(data.length) * 5 + data.length + 4;

/**
 * Writes a zlib stream (RFC 1950) of DEFLATE "stored" blocks (RFC 1951, BTYPE 00) of `data` into `out` at `at`;
 * returns where it ends. Valid for every zlib reader, git included, and written without a compressor. The project's
 * files are a few hundred kilobytes at most; `git gc` compresses them later, as it does for every object.
 */
export function writeZlibStored(data: Uint8Array, out: Buffer, start: number): number {
  const blocks = blockCount(data.length);
  out[start] = 0x78;
  out[start + 1] = 0x01;
  let at = start + 2;
  for (let block = 0; block < blocks; block++) {
    const from = block * STORED_BLOCK;
    const length = Math.min(STORED_BLOCK, data.length - from);
    out[at] = block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(length, at + 1);
    out.writeUInt16LE(~length & 0xffff, at + 3);
    out.set(data.subarray(from, from + length), at + 5);
    at += 5 + length;
  }
  out.writeUInt32BE(adler32(data), at);
  return at + 4;
}
