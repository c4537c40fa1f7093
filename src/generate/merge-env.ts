/**
 * `.env.example` fragments. A fragment is a list of entries: an assignment `KEY=value` with the comment lines directly
 * above it (back to a blank line, another assignment or the start of the fragment); every other line stands alone.
 * Fragments are concatenated in layer order, except that an entry whose variable an earlier fragment already assigns
 * replaces that earlier entry where it stands: the service's `.env` loader keeps the first value of a variable, so an
 * appended duplicate would silently change nothing.
 */
export interface Entry {
  key: string | null;
  lines: string[];
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;
const isComment = (line: string) => line.trimStart().startsWith("#");

export function entries(fragment: string): Entry[] {
  if (fragment.trim() === "") return [];
  const lines = fragment.replace(/\r?\n$/, "").split(/\r?\n/);
  const result: Entry[] = [];
  let comments: string[] = [];
  const flushComments = () => {
    for (const line of comments) result.push({ key: null, lines: [line] });
    comments = [];
  };
  for (const line of lines) {
    const key = ASSIGNMENT.exec(line)?.[1];
    if (key) {
      result.push({ key, lines: [...comments, line] });
      comments = [];
    } else if (isComment(line)) {
      comments.push(line);
    } else {
      flushComments();
      result.push({ key: null, lines: [line] });
    }
  }
  flushComments();
  return result;
}

export function mergeEnv(earlier: string, later: string): string {
  const merged = entries(earlier);
  for (const entry of entries(later)) {
    const index = entry.key === null ? -1 : merged.findIndex(({ key }) => key === entry.key);
    if (index === -1) merged.push(entry);
    else merged[index] = entry;
  }
  return `${merged.flatMap(({ lines }) => lines).join("\n")}\n`;
}
