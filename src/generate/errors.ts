/** Exit codes, the same for every command (documented in docs/cli.md). */
export const EXIT_OK = 0;
/** The command line was valid but the work could not be done (file system, templates, network, environment). */
export const EXIT_FAILURE = 1;
/** The command line itself is wrong: unknown flag, invalid value or name, conflicting flags. */
export const EXIT_USAGE = 2;
/** Interrupted by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

/** An expected failure: a one-line message that says what to do, and the exit code it ends the CLI with. */
export class ScaffoldError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_FAILURE) {
    super(message);
    this.name = "ScaffoldError";
    this.exitCode = exitCode;
  }
}

export const usageError = (message: string): ScaffoldError => new ScaffoldError(message, EXIT_USAGE);

/** Any error as one line (tools such as git or giget put several lines in their messages). */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*\n\s*/g, " ").trim();
}
