import { expect, test } from "bun:test";
import { inflateSync } from "node:zlib";
import { crc32, digest, writeZlibStored, zlibStoredLength } from "../../src/generate/fast-digest.ts";

function zlibStored(data: Uint8Array): Buffer {
  const out = Buffer.alloc(zlibStoredLength(data) + 2);
  expect(writeZlibStored(data, out, 1)).toBe(out.length - 1);
  return out.subarray(1, -1);
}

test("digest: SHA-1 and SHA-256 as node:crypto computes them, of one or several parts", () => {
  expect(digest("sha1", "a", Buffer.from("bc")).toString("hex")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
  expect(digest("sha1", "abc").toString("hex")).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
  expect(digest("sha256", Buffer.from("abc")).toString("hex")).toBe(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

test("writeZlibStored: a zlib stream (header and Adler-32) that zlib inflates back, for small and large inputs", () => {
  const large = Buffer.alloc(200_000);
  for (let i = 0; i < large.length; i++) large[i] = (i * 31 + (i >> 7)) & 255;
  for (const data of [Buffer.alloc(0), Buffer.from("blob 5\0hello"), large]) {
    const packed = zlibStored(data);
    expect(packed[0]).toBe(0x78);
    expect(inflateSync(packed).equals(data)).toBe(true);
  }
});

test("writeZlibStored: the Adler-32 checksum is zlib's (zlib verifies it when inflating)", () => {
  const packed = zlibStored(Buffer.from("Wikipedia"));
  expect(packed.subarray(-4).toString("hex")).toBe("11e60398");
});

test("crc32: the IEEE CRC-32 of zlib and git's pack index (check value of 123456789)", () => {
  expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  expect(crc32(Buffer.alloc(0))).toBe(0);
});
