import { expect, test } from "bun:test";
import { mergeEnv } from "../../src/generate/merge-env.ts";

test("appends a fragment's new variables and stand-alone lines in order", () => {
  expect(mergeEnv("# Header\nA=1\n", "\n# B's comment\nB=2\n# a note\n")).toBe(
    "# Header\nA=1\n\n# B's comment\nB=2\n# a note\n",
  );
});

test("a variable assigned again replaces the earlier entry, comment and all, in place", () => {
  expect(mergeEnv("# a\nA=1\n# b\nB=2\n", "# a, replaced\nexport A=3\nC=4\n")).toBe(
    "# a, replaced\nexport A=3\n# b\nB=2\nC=4\n",
  );
});

test("a blank line keeps the comments above it out of the next entry", () => {
  expect(mergeEnv("# Header\n\nPORT=1\n", "PORT=2\n")).toBe("# Header\n\nPORT=2\n");
});

test("an empty fragment adds nothing; a missing final newline is added", () => {
  expect(mergeEnv("A=1", "")).toBe("A=1\n");
  expect(mergeEnv("", "A=1")).toBe("A=1\n");
});
