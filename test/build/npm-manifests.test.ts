/** The published packages' manifests, generated from the repository's package.json (src/build/npm/manifests.ts). */
import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { cliManifest, crudManifest, PEER_FLOORS, type RootManifest } from "../../src/build/npm/manifests.ts";

const root = JSON.parse(await readFile(join(import.meta.dirname, "../../package.json"), "utf8")) as RootManifest & {
  private?: boolean;
};

test("the repository's own package is private: only the generated packages are published", () => {
  expect(root.private).toBe(true);
});

test("crud's peers start at the tested floors, 0.x ranges stay below 1", () => {
  const peers = crudManifest(root).peerDependencies as Record<string, string>;
  expect(peers.hono).toBe(`^${PEER_FLOORS.hono}`);
  expect(peers["drizzle-orm"]).toBe(`>=${PEER_FLOORS["drizzle-orm"]} <1`);
  expect(peers.zod).toBe(`^${PEER_FLOORS.zod}`);
  expect(peers["@hono/zod-openapi"]).toBe(`^${PEER_FLOORS["@hono/zod-openapi"]}`);
  expect(peers.graphql).toBe(root.peerDependencies?.graphql as string);
});

test("a floor of another major than the pinned version, or a version range in package.json, is refused", () => {
  const withHono = (hono: string): RootManifest => ({ ...root, dependencies: { ...root.dependencies, hono } });
  expect(() => crudManifest(withHono("5.0.0"))).toThrow(`hono: floor ${PEER_FLOORS.hono} is another major`);
  expect(() => crudManifest(withHono("^4.13.19"))).toThrow("hono must be pinned to an exact version");
});

test("both carry the repository's version and licence; neither has scripts; only the CLI has a dependency", () => {
  for (const manifest of [crudManifest(root), cliManifest(root)]) {
    expect(manifest).toMatchObject({ version: root.version, license: root.license, engines: { node: ">=22.13" } });
    expect(manifest.scripts).toBeUndefined();
  }
  expect(crudManifest(root).dependencies).toBeUndefined();
  // Biome's WebAssembly, which scaffold.mjs does not bundle, at the version the repository pins.
  expect(cliManifest(root).dependencies).toEqual({
    "@biomejs/wasm-nodejs": root.dependencies["@biomejs/wasm-nodejs"] as string,
  });
});
