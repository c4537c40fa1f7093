/**
 * SHA hashes and zlib streams for git objects, cheap to start: in the compiled binary, importing node:crypto and
 * node:zlib costs ~9 ms, and each zlib compression call ~60 µs of set-up, more than the rest of a whole commit.
 * Under Bun the native hasher is used; under Node (running from source) node:crypto, imported only there.
 */
const bun = (globalThis as { Bun?: typeof Bun }).Bun;
const nodeCrypto = bun ? null : await import("node:crypto");

export function digest(algorithm: "sha1" | "sha256", data: Uint8Array | string): Buffer {
  if (nodeCrypto) return nodeCrypto.createHash(algorithm).update(data).digest();
  return Buffer.from(new (bun as typeof Bun).CryptoHasher(algorithm).update(data).digest() as Uint8Array);
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

const STORED_BLOCK = 0xffff;

/**
 * A zlib stream (RFC 1950) of DEFLATE "stored" blocks (RFC 1951, BTYPE 00): valid for every zlib reader, git
 * included, and written without a compressor. The project's files are a few hundred kilobytes at most; `git gc`
 * compresses them into a pack later, as it does for every loose object.
 */
export function zlibStored(data: Uint8Array): Buffer {
  const blocks = Math.max(1, Math.ceil(data.length / STORED_BLOCK));
  const out = Buffer.alloc(2 + blocks * 5 + data.length + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let at = 2;
  for (let block = 0; block < blocks; block++) {
    const start = block * STORED_BLOCK;
    const length = Math.min(STORED_BLOCK, data.length - start);
    out[at] = block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(length, at + 1);
    out.writeUInt16LE(~length & 0xffff, at + 3);
    out.set(data.subarray(start, start + length), at + 5);
    at += 5 + length;
  }
  out.writeUInt32BE(adler32(data), at);
  return out;
}
