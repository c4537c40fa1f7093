import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScaffoldError } from "../generate/errors.ts";
import { GitMissing, runGit } from "../generate/run-git.ts";

export interface TextMerge {
  contents: string;
  /** How many places changed on both sides (each written between conflict markers); 0 when merged cleanly. */
  conflicts: number;
}

/** The labels of the conflict markers: `<<<<<<< yours`, `>>>>>>> <theirs>`. */
export interface MergeLabels {
  base: string;
  theirs: string;
}

/**
 * A line-wise three-way merge with git's own `merge-file`: the changes from `base` to `theirs` applied to `ours`,
 * conflict markers only where both changed the same lines. git is the tool users resolve conflicts with already, and
 * its result is the one `git merge-file` reproduces by hand.
 */
export async function mergeText(ours: string, base: string, theirs: string, labels: MergeLabels): Promise<TextMerge> {
  const dir = await mkdtemp(join(tmpdir(), "scaffold-merge-"));
  try {
    const [oursFile, baseFile, theirsFile] = ["ours", "base", "theirs"].map((name) => join(dir, name)) as [
      string,
      string,
      string,
    ];
    await Promise.all([writeFile(oursFile, ours), writeFile(baseFile, base), writeFile(theirsFile, theirs)]);
    const args = ["merge-file", "-L", "yours", "-L", labels.base, "-L", labels.theirs, oursFile, baseFile, theirsFile];
    const result = await runGit(args, dir).catch((error) => {
      if (error instanceof GitMissing) {
        throw new ScaffoldError("git is needed to merge the templates' changes into your files: install git.");
      }
      throw error;
    });
    // merge-file answers the number of conflicts, or a negative number (255 in an exit status) when it failed.
    if (result.code < 0 || result.code > 127) {
      throw new ScaffoldError(`git merge-file failed: ${result.output.trim()}`);
    }
    return { contents: await readFile(oursFile, "utf8"), conflicts: result.code };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
