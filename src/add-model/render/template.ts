/**
 * The template language of the sample resource (templates/resource/): TypeScript, GraphQL or Markdown whose directives
 * are comments, so a sample reads as the code it renders to.
 *
 * - A line holding only `// @if <condition>`, `// @elif <condition>`, `// @else`, `// @each <list>` or `// @end`
 *   (`# @…` in GraphQL and Markdown) is a directive and is removed with its line break.
 * - The same directives inline, as `/*@if <condition>*\/ … /*@end*\/`; an inline `@each` may end with
 *   `join="<separator>"`.
 * - A condition is flags joined by `&&` and `||` (`&&` binds tighter), each optionally negated with `!`.
 * - `// @note <text>` (inline `/*@note <text>*\/`) is a comment for the template's reader: removed like a directive.
 *
 * Text is copied with the names of the scopes it is in replaced (see scope.ts).
 */

export type Node =
  | { kind: "text"; text: string }
  | { kind: "if"; branches: Array<{ condition: string | null; body: Node[] }> }
  | { kind: "each"; list: string; join: string; body: Node[] };

const KEYWORDS = "if|elif|else|each|end|note";
const LINE_DIRECTIVE = new RegExp(`^[ \\t]*(?://|#) @(${KEYWORDS})\\b([^\\n]*)(?:\\n|$)`, "gm");
const INLINE_DIRECTIVE = new RegExp(`/\\*@(${KEYWORDS})\\b(.*?)\\*/`, "g");

interface Directive {
  keyword: string;
  argument: string;
  start: number;
  end: number;
}

function directivesOf(source: string): Directive[] {
  const found: Directive[] = [];
  for (const pattern of [LINE_DIRECTIVE, INLINE_DIRECTIVE]) {
    for (const match of source.matchAll(pattern)) {
      const start = match.index;
      found.push({
        keyword: match[1] as string,
        argument: (match[2] as string).trim(),
        start,
        end: start + match[0].length,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The tree of a template; `name` is for the errors (an unclosed or stray directive). */
export function parseTemplate(source: string, name: string): Node[] {
  const root: Node[] = [];
  // Open blocks, innermost last: the node list text goes to, and the node that opened it.
  const stack: Array<{ body: Node[]; node: Node | null }> = [{ body: root, node: null }];
  let position = 0;
  const where = (offset: number) => `${name}:${source.slice(0, offset).split("\n").length}`;
  for (const directive of directivesOf(source)) {
    const top = stack.at(-1) as { body: Node[]; node: Node | null };
    if (directive.start > position) top.body.push({ kind: "text", text: source.slice(position, directive.start) });
    position = directive.end;
    const { keyword, argument } = directive;
    if (keyword === "note") continue;
    if (keyword === "if") {
      const node: Node = { kind: "if", branches: [{ condition: argument, body: [] }] };
      top.body.push(node);
      stack.push({ body: node.branches[0]?.body as Node[], node });
    } else if (keyword === "each") {
      const join = /\s+join="([^"]*)"$/.exec(argument);
      const node: Node = {
        kind: "each",
        list: join ? argument.slice(0, join.index) : argument,
        join: join ? (join[1] as string).replace(/\\n/g, "\n") : "",
        body: [],
      };
      top.body.push(node);
      stack.push({ body: node.body, node });
    } else if (keyword === "elif" || keyword === "else") {
      if (top.node?.kind !== "if") throw new Error(`${where(directive.start)}: @${keyword} outside an @if`);
      const branch = { condition: keyword === "else" ? null : argument, body: [] as Node[] };
      top.node.branches.push(branch);
      top.body = branch.body;
    } else {
      if (stack.length === 1) throw new Error(`${where(directive.start)}: @end without an open @if or @each`);
      stack.pop();
    }
  }
  if (stack.length > 1) throw new Error(`${name}: an @if or @each is not closed with @end`);
  if (position < source.length) root.push({ kind: "text", text: source.slice(position) });
  return root;
}

/** What a template is rendered in: its flags, its lists, and how its text is written. */
export interface Scope {
  /** A flag's value; throws for a flag the scope does not know (a typo in a template). */
  flag(name: string): boolean;
  /** The scopes of a list's items, in order. */
  items(list: string): Scope[];
  /** Text of the template as it is written in this scope (names replaced). */
  write(text: string): string;
}

/** `a && !b || c`: `&&` binds tighter than `||`. */
export function evaluate(condition: string, scope: Scope): boolean {
  return condition.split("||").some((any) =>
    any.split("&&").every((term) => {
      const flag = term.trim();
      return flag.startsWith("!") ? !scope.flag(flag.slice(1).trim()) : scope.flag(flag);
    }),
  );
}

export function renderNodes(nodes: Node[], scope: Scope): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += scope.write(node.text);
    else if (node.kind === "if") {
      const branch = node.branches.find(({ condition }) => condition === null || evaluate(condition, scope));
      if (branch) out += renderNodes(branch.body, scope);
    } else {
      out += scope
        .items(node.list)
        .map((item) => renderNodes(node.body, item))
        .join(node.join);
    }
  }
  return out;
}
