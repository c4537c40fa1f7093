import { describe, expect, test } from "bun:test";
import { indefiniteArticle, modelNames, pluralize } from "../../src/add-model/names.ts";

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
  test("a name ending in s as a singular does (ss, us, is, as) is no plural; --plural accepts a plural-looking name", () => {
    expect(modelNames("Address").pluralKebab).toBe("addresses");
    expect(modelNames("Status").pluralKebab).toBe("statuses");
    expect(modelNames("Analysis").pluralKebab).toBe("analysises");
    expect(modelNames("Canvas").pluralKebab).toBe("canvases");
    expect(modelNames("News", "news_items").pluralKebab).toBe("news-items");
  });

  test('"a" or "an" by the first letter of the words', () => {
    const cases = { item: "an", order: "an", event: "an", invoice: "an", umbrella: "an", user: "a", unit: "a" };
    for (const [words, article] of Object.entries(cases))
      expect([words, indefiniteArticle(words)]).toEqual([words, article]);
    expect(indefiniteArticle("blog post")).toBe("a");
  });

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
      ["Page", undefined, /"Page" is a name the generated code already uses for its own variables and modules/],
      ["Input", undefined, /name the generated code already uses/],
      ["Item", "modules", /The plural "modules" is a name the generated code already uses/],
      ["Constructor", undefined, /"Constructor" is a member of every JavaScript object/],
      [
        "Users",
        undefined,
        /^Model name "Users" looks plural \(its routes would be \/api\/v1\/userses\): name one item, User, or, for a singular name, give its plural with --plural\.$/,
      ],
      ["BlogPosts", undefined, /routes would be \/api\/v1\/blog-postses\): name one item, BlogPost,/],
      ["Categories", undefined, /name one item, Category,/],
      ["Boxes", undefined, /name one item, Box,/],
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
