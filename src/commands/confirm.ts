import { EXIT_INTERRUPTED, ScaffoldError, usageError } from "../generate/errors.ts";

/**
 * Asks `question` on the terminal: true for yes. Without a terminal there is no one to ask: a usage error telling to
 * pass --yes (or --dry-run). Ctrl-C or the end of input cancels (exit 130); no is an answer, not a failure.
 */
export async function confirm(command: string, question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw usageError(
      `${command} asks before it writes, and there is no terminal to ask on: pass --yes to apply, or --dry-run to see the plan.`,
    );
  }
  const { createInterface } = await import("node:readline/promises");
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const controller = new AbortController();
  readline.on("SIGINT", () => controller.abort());
  try {
    const answer = await readline.question(`${question} [y/N] `, { signal: controller.signal });
    return /^y(es)?$/i.test(answer.trim());
  } catch {
    throw new ScaffoldError("Cancelled: nothing was written.", EXIT_INTERRUPTED);
  } finally {
    readline.close();
  }
}
