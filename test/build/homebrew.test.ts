import { expect, test } from "bun:test";
import { homebrewFormula } from "../../src/build/homebrew.ts";

const sha = (c: string) => c.repeat(64);

test("the formula picks a URL and sha256 per OS and CPU", () => {
  const formula = homebrewFormula({
    version: "1.2.3",
    downloadUrl: "https://mirror.test/download/v1.2.3",
    homepage: "https://mirror.test",
    sha256: {
      "scaffold-darwin-arm64": sha("a"),
      "scaffold-darwin-x64": sha("b"),
      "scaffold-linux-arm64": sha("c"),
      "scaffold-linux-x64": sha("d"),
    },
  });
  const block = (os: string, cpu: string, target: string, hash: string) =>
    new RegExp(
      `${os} do[^]*?${cpu} do\\n\\s+url "https://mirror\\.test/download/v1\\.2\\.3/scaffold-${target}"\\n\\s+sha256 "${hash}"`,
    );
  expect(formula).toMatch(block("on_macos", "on_arm", "darwin-arm64", sha("a")));
  expect(formula).toMatch(block("on_macos", "on_intel", "darwin-x64", sha("b")));
  expect(formula).toMatch(block("on_linux", "on_arm", "linux-arm64", sha("c")));
  expect(formula).toMatch(block("on_linux", "on_intel", "linux-x64", sha("d")));
  expect(formula).toContain('version "1.2.3"');
  expect(formula).toContain('homepage "https://mirror.test"');
  expect(formula).toContain('bin.install Dir["scaffold-*"].first => "scaffold"');
  // Balanced Ruby blocks: every `do` has its `end` (class + def install + test + 2 OS + 4 CPU blocks).
  expect(formula.match(/\bdo$/gm)?.length).toBe(7);
  expect(formula.match(/^\s*end$/gm)?.length).toBe(9);
});

test("a missing binary is an error, not an empty sha256", () => {
  const input = { version: "1.0.0", downloadUrl: "https://x.test", homepage: "https://x.test" };
  expect(() => homebrewFormula({ ...input, sha256: { "scaffold-darwin-arm64": sha("a") } })).toThrow(
    "the Homebrew formula needs scaffold-darwin-x64, which was not built",
  );
});
