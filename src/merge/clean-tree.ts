import { ScaffoldError } from "../generate/errors.ts";
import { GitMissing, runGit } from "../generate/run-git.ts";

/**
 * Refuses a project whose git tree has uncommitted changes or untracked files (or that is no git repository): an
 * upgrade starts from a commit, so that `git diff` shows exactly what it changed and `git checkout` undoes it.
 */
export async function checkCleanTree(root: string, command: string): Promise<void> {
  const status = await runGit(["status", "--porcelain", "--untracked-files=normal"], root).catch((error) => {
    if (error instanceof GitMissing) throw new ScaffoldError(`${command} needs git: install git.`);
    throw error;
  });
  if (status.code !== 0) {
    throw new ScaffoldError(
      `${root} is not a git repository: ${command} starts from a commit so that git diff shows what it changes. Run git init && git add -A && git commit -m "Before the upgrade", then again.`,
    );
  }
  const changed = status.output.split("\n").filter((line) => line.trim() !== "");
  if (changed.length > 0) {
    const listed = changed.slice(0, 5).map((line) => line.slice(3));
    const more = changed.length > 5 ? ` and ${changed.length - 5} more` : "";
    throw new ScaffoldError(
      `The project has uncommitted changes (${listed.join(", ")}${more}); nothing was written. Commit or stash them first, so that git diff shows exactly what ${command} changes.`,
    );
  }
}
