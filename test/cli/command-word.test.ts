import { describe, expect, test } from "bun:test";
import { checkCommandWord, isCommandTypo } from "../../src/commands/command-word.ts";

const COMMANDS = ["new", "doctor", "add-model", "help", "version"];

/** Typos of the commands: refused in the short form `scaffold <word>`, with the command suggested. */
const TYPOS: [string, string][] = [
  ["nwe", "new"],
  ["enw", "new"],
  ["hlep", "help"],
  ["hepl", "help"],
  ["doctr", "doctor"],
  ["docter", "doctor"],
  ["doctoor", "doctor"],
  ["odctor", "doctor"],
  ["add-modle", "add-model"],
  ["addmodel", "add-model"],
  ["add_model", "add-model"],
  ["ad-model", "add-model"],
  ["add-mdoel", "add-model"],
  ["addmodle", "add-model"],
  ["verison", "version"],
  ["vresion", "version"],
  ["versoin", "version"],
  ["vesion", "version"],
  ["Doctr", "doctor"],
];

/** Ordinary project names, some one or two letters from a command: they are projects, never typos. */
const NAMES = [
  "dev",
  "next",
  "nest",
  "news",
  "newt",
  "knew",
  "hello",
  "helm",
  "hemp",
  "held",
  "web",
  "net",
  "key",
  "hero",
  "jet",
  "erp",
  "my-api",
  "api",
  "app",
  "shop",
  "blog",
  "todo",
  "docs",
  "docker",
  "model",
  "models",
  "person",
  "vision",
  "versa",
  "helper",
  "whelp",
  "renew",
  "mew",
  "ned",
];

describe("the typo guard of `scaffold <word>`", () => {
  for (const [word, command] of TYPOS) {
    test(`${word} is a typo of ${command}`, () => {
      expect(() => checkCommandWord(word, COMMANDS)).toThrow(`did you mean \`scaffold ${command}\`?`);
    });
  }

  test("ordinary names, short ones close to a command included, are project names", () => {
    expect(NAMES.filter((name) => COMMANDS.some((command) => isCommandTypo(name, command)))).toEqual([]);
    for (const name of NAMES) expect(() => checkCommandWord(name, COMMANDS)).not.toThrow();
  });
});
