import { usageError } from "../generate/errors.ts";
import { projectNameProblem } from "../generate/project-name.ts";
import { distance, nearest } from "./nearest.ts";

/** Words people type for `new` (other tools' names for it): never taken silently as a project name. */
const NEW_SYNONYMS = ["init", "create", "generate"];

/** Below this length a word one letter away from a command is an ordinary name (`dev`, `net`, `helm`, `hero`). */
const MIN_TYPO_LENGTH = 5;

/**
 * Whether `word` (lower case) reads as a mistyped `command`: the command with two neighbouring letters swapped
 * (`nwe`, `hlep`, `verison`), or, when both have at least five letters and the same first letter (a typo seldom
 * changes it: `person` is no `version`), one edit from it per four letters of the command, one at least (`doctr`,
 * `addmodle`).
 */
export function isCommandTypo(word: string, command: string): boolean {
  const edits = distance(word, command);
  if (edits === 0) return true;
  if (edits === 1 && word.length === command.length && [...word].sort().join() === [...command].sort().join()) {
    return true;
  }
  if (Math.min(word.length, command.length) < MIN_TYPO_LENGTH || word[0] !== command[0]) return false;
  return edits <= Math.max(1, Math.floor(command.length / 4));
}

/**
 * `scaffold <word>` is `scaffold new <word>`, except when the word looks like a command: a synonym of `new` or a
 * mistyped command name (see isCommandTypo) is refused (exit 2) rather than turned into a project of that name.
 * `scaffold new <word>` still creates any valid name.
 */
export function checkCommandWord(word: string, commands: readonly string[]): void {
  const lower = word.toLowerCase();
  // Named only when it would work: `Init` is no valid project name.
  const longForm = projectNameProblem(word) ? "" : ` \`scaffold new ${word}\` creates a project named "${word}".`;
  if (NEW_SYNONYMS.includes(lower)) {
    throw usageError(`Unknown command "${word}": to create a project, run \`scaffold new <project-name>\`.${longForm}`);
  }
  const suggestion = commands.find((command) => isCommandTypo(lower, command));
  if (suggestion) throw usageError(`Unknown command "${word}": did you mean \`scaffold ${suggestion}\`?${longForm}`);
}

/** `scaffold help <word>` where the word is no command. */
export function unknownCommand(word: string, commands: readonly string[]): Error {
  const suggestion = nearest(word.toLowerCase(), commands, 2);
  return usageError(
    suggestion
      ? `Unknown command "${word}": did you mean \`scaffold help ${suggestion}\`?`
      : `Unknown command "${word}": the commands are ${commands.join(", ")}.`,
  );
}
