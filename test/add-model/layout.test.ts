import { describe, expect, test } from "bun:test";
import { layOutAsBiome } from "../../src/add-model/render/layout.ts";

describe("a rendered file laid out as Biome leaves it", () => {
  test("a list that fits on one line is joined; a long one, or one holding a comment, stays broken", () => {
    const short = `  (columns) => [\n    liveUnique("users_email_unique", columns.email, columns),\n  ],\n`;
    expect(layOutAsBiome(short)).toBe(`  (columns) => [liveUnique("users_email_unique", columns.email, columns)],\n`);
    const long = `  list: [\n${Array.from({ length: 8 }, (_, i) => `    "a rather long item number ${i}",\n`).join("")}  ],\n`;
    expect(layOutAsBiome(long)).toBe(long);
    const commented = `  list: [\n    // why\n    "a",\n  ],\n`;
    expect(layOutAsBiome(commented)).toBe(commented);
    const unbalanced = `  f(\n    a(,\n    b),\n  );\n`;
    expect(layOutAsBiome(unbalanced)).toBe(unbalanced);
  });

  test("an inline list's trailing comma and a blank line before a closing brace are dropped", () => {
    expect(layOutAsBiome(`expect(x).toMatchObject({ name: null, });\n`)).toBe(
      `expect(x).toMatchObject({ name: null });\n`,
    );
    expect(layOutAsBiome(`  test("a", () => {\n    run();\n  });\n\n});\n`)).toBe(
      `  test("a", () => {\n    run();\n  });\n});\n`,
    );
  });
});
