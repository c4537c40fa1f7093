import { usageError } from "../generate/errors.ts";
import { projectNameProblem } from "../generate/project-name.ts";
import { nearest } from "./nearest.ts";

/** Words people type for `new` (other tools' names for it): never taken silently as a project name. */
const NEW_SYNONYMS = ["init", "create", "generate"];

/**
 * `scaffold <word>` is `scaffold new <word>`, except when the word looks like a command: a synonym of `new` or a
 * word within two edits of a command name is refused (exit 2) rather than turned into a project of that name.
 * `scaffold new <word>` still creates any valid name.
 */
export function checkCommandWord(word: string, commands: readonly string[]): void {
  const lower = word.toLowerCase();
  // Named only when it would work: `Init` is no valid project name.
  const longForm = projectNameProblem(word) ? "" : ` \`scaffold new ${word}\` creates a project named "${word}".`;
  if (NEW_SYNONYMS.includes(lower)) {
    throw usageError(`Unknown command "${word}": to create a project, run \`scaffold new <project-name>\`.${longForm}`);
  }
  const suggestion = nearest(lower, commands, 2);
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
