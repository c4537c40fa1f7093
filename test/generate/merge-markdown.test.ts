import { expect, test } from "bun:test";
import { mergeMarkdown } from "../../src/generate/merge-markdown.ts";

const readme = "# App\n\nIntro.\n\n## Run\n\nnpm start\n\n## Tests\n\nnpm test\n";

test("a fragment's new sections are appended after a blank line, in order", () => {
  expect(mergeMarkdown(readme, "## Operations\n\nProbes.\n\n## More\n\nText.\n")).toBe(
    `${readme}\n## Operations\n\nProbes.\n\n## More\n\nText.\n`,
  );
  expect(mergeMarkdown("# App\n\nIntro.\n\n", "## Operations\n\nProbes.\n")).toBe(
    "# App\n\nIntro.\n\n## Operations\n\nProbes.\n",
  );
});

test("a section whose heading is already there replaces it in place", () => {
  expect(mergeMarkdown(readme, "## Run\n\nmake run\n\n")).toBe(
    "# App\n\nIntro.\n\n## Run\n\nmake run\n\n## Tests\n\nnpm test\n",
  );
});

test("a later level's section replaces the one an earlier level appended", () => {
  const basic = mergeMarkdown(readme, "## Operations\n\nProbes.\n");
  expect(mergeMarkdown(basic, "## Operations\n\nProbes and metrics.\n")).toBe(
    `${readme}\n## Operations\n\nProbes and metrics.\n`,
  );
});

test("a whole document (it starts with a title) replaces the earlier one", () => {
  expect(mergeMarkdown(readme, "# Other\n\n## Run\n")).toBe("# Other\n\n## Run\n");
});

test("a `## ` line inside a fenced code block does not start a section", () => {
  const fragment = "## Shell\n\n```sh\n## Run\necho\n```\n";
  expect(mergeMarkdown(readme, fragment)).toBe(`${readme}\n${fragment}`);
});
