import { describe, expect, test } from "bun:test";
import { pruneImports } from "../../src/add-model/render/imports.ts";
import { parseTemplate, renderNodes, type Scope } from "../../src/add-model/render/template.ts";

/** A scope with fixed flags, lists of further scopes, and names replaced by a table. */
function scope(
  flags: Record<string, boolean>,
  lists: Record<string, Scope[]> = {},
  names: Record<string, string> = {},
): Scope {
  return {
    flag: (name) => {
      if (!(name in flags)) throw new Error(`unknown template flag "${name}"`);
      return flags[name] as boolean;
    },
    items: (list) => lists[list] ?? [],
    write: (text) => Object.entries(names).reduce((out, [from, to]) => out.replaceAll(from, to), text),
  };
}

const render = (source: string, at: Scope) => renderNodes(parseTemplate(source, "sample.ts"), at);

describe("the template language", () => {
  test("a line directive is removed with its line; the chosen branch is kept", () => {
    const source = "a\n// @if x\nb\n// @elif y\nc\n// @else\nd\n// @end\ne\n";
    expect(render(source, scope({ x: true, y: true }))).toBe("a\nb\ne\n");
    expect(render(source, scope({ x: false, y: true }))).toBe("a\nc\ne\n");
    expect(render(source, scope({ x: false, y: false }))).toBe("a\nd\ne\n");
  });

  test("inline directives, conditions with !, && and ||", () => {
    const source = "n: number/*@if nullable*/ | null/*@end*/;/*@if !a && b || c*/ ok/*@end*/";
    expect(render(source, scope({ nullable: true, a: false, b: true, c: false }))).toBe("n: number | null; ok");
    expect(render(source, scope({ nullable: false, a: true, b: true, c: false }))).toBe("n: number;");
    expect(render(source, scope({ nullable: false, a: true, b: false, c: true }))).toBe("n: number; ok");
  });

  test("@each repeats its body per item in the item's scope, joined when asked", () => {
    const items = [scope({}, {}, { name: "email" }), scope({}, {}, { name: "nick" })];
    const at = scope({}, { unique: items });
    expect(render('when /*@each unique join=" or "*/name/*@end*/ is taken', at)).toBe("when email or nick is taken");
    expect(render("# @each unique\n  name: string\n# @end\n", at)).toBe("  email: string\n  nick: string\n");
  });

  test("a misplaced directive is an error naming the file and line", () => {
    expect(() => parseTemplate("a\n// @end\n", "x.ts")).toThrow("x.ts:2: @end without an open @if or @each");
    expect(() => parseTemplate("// @else\n", "x.ts")).toThrow("x.ts:1: @else outside an @if");
    expect(() => parseTemplate("// @if a\n", "x.ts")).toThrow("x.ts: an @if or @each is not closed with @end");
    expect(() => render("// @if typo\n// @end\n", scope({}))).toThrow('unknown template flag "typo"');
  });

  test("comments that are not directives stay", () => {
    const source = "// @ts-expect-error: on purpose\n/* @param x */\n// @endpoint\n";
    expect(render(source, scope({}))).toBe(source);
  });
});

describe("pruneImports", () => {
  test("drops unused names (a comment is no use) and empty imports, keeps spreads and type names, in place", () => {
    const code = [
      'import { z } from "zod";',
      'import { and, eq, sql } from "drizzle-orm";',
      'import type { Unused } from "./unused.ts";',
      'import { type Row, columns, other } from "./table.ts";',
      'import { type Page, type Paged, paged } from "./paging.ts";',
      "",
      "let p: Page<Paged>;",
      "const a: Row = { ...columns(), x: and(1) };",
      "const b = a.eq; // eq() is not used here",
      "/** Nor is sql. */",
      "",
    ].join("\n");
    expect(pruneImports(code)).toBe(
      [
        'import { and } from "drizzle-orm";',
        'import { type Row, columns } from "./table.ts";',
        'import type { Page, Paged } from "./paging.ts";',
        "",
        "let p: Page<Paged>;",
        "const a: Row = { ...columns(), x: and(1) };",
        "const b = a.eq; // eq() is not used here",
        "/** Nor is sql. */",
        "",
      ].join("\n"),
    );
  });
});
