import { describe, expect, test } from "bun:test";
import { modelNames, pluralize } from "../../src/add-model/names.ts";

describe("plural rules", () => {
  test("s; consonant + y -> ies; s, x, z, ch, sh -> es; vowel + y keeps its y", () => {
    const cases = {
      product: "products",
      category: "categories",
      key: "keys",
      day: "days",
      bus: "buses",
      box: "boxes",
      quiz: "quizes",
      match: "matches",
      dish: "dishes",
      review: "reviews",
    };
    for (const [word, plural] of Object.entries(cases)) expect([word, pluralize(word)]).toEqual([word, plural]);
  });

  test("irregular plurals are not handled (documented): person -> persons", () => {
    expect(pluralize("person")).toBe("persons");
  });
});

describe("model names", () => {
  test("every spelling of a multi-word name; only the last word takes the plural", () => {
    expect(modelNames("BlogCategory")).toEqual({
      pascal: "BlogCategory",
      camel: "blogCategory",
      kebab: "blog-category",
      snake: "blog_category",
      pluralPascal: "BlogCategories",
      pluralCamel: "blogCategories",
      pluralKebab: "blog-categories",
      pluralSnake: "blog_categories",
      words: "blog category",
      pluralWords: "blog categories",
    });
  });

  test("--plural overrides the rule, in any case style", () => {
    for (const plural of ["people", "People", "people"])
      expect(modelNames("Person", plural).pluralSnake).toBe("people");
    expect(modelNames("Cactus", "cacti").pluralKebab).toBe("cacti");
    expect(modelNames("DataPoint", "data_points").pluralCamel).toBe("dataPoints");
  });

  test("rejects names that are not PascalCase, reserved words, and bad plurals (usage errors)", () => {
    const cases: Array<[string, string | undefined, RegExp]> = [
      ["product", undefined, /must be PascalCase/],
      ["Blog_Post", undefined, /must be PascalCase/],
      ["P", undefined, /must be PascalCase/],
      ["2Fast", undefined, /must be PascalCase/],
      ["Class", undefined, /reserved word/],
      ["Select", undefined, /reserved word/],
      ["Order", undefined, /reserved word/],
      ["Date", undefined, /reserved word/],
      ["Person", "per son", /--plural "per son"/],
      ["Person", "person", /must differ/],
      ["Item", "values", /reserved word/],
    ];
    for (const [name, plural, message] of cases) {
      expect(() => modelNames(name, plural)).toThrow(message);
      try {
        modelNames(name, plural);
      } catch (error) {
        expect((error as { exitCode: number }).exitCode).toBe(2);
      }
    }
  });
});
