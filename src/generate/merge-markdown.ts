/**
 * `README.md` fragments. A file that starts with a title (`# …`) is a whole document and replaces what earlier layers
 * gave; any other file is a fragment of `## ` sections: a section whose heading an earlier layer already has replaces
 * that section where it stands (so a later level can rewrite what an earlier one wrote), the others are appended in
 * order, after a blank line. Headings inside fenced code blocks do not split sections.
 */
interface Section {
  heading: string | null;
  text: string;
}

function sections(markdown: string): Section[] {
  const result: Section[] = [{ heading: null, text: "" }];
  let fence: string | null = null;
  for (const line of markdown.split(/(?<=\n)/)) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker : null;
    if (fence === null && line.startsWith("## ")) result.push({ heading: line.trimEnd(), text: "" });
    (result.at(-1) as Section).text += line;
  }
  return result.filter(({ heading, text }) => heading !== null || text.trim() !== "");
}

const withNewline = (text: string) => (text === "" || text.endsWith("\n") ? text : `${text}\n`);

export function mergeMarkdown(earlier: string, later: string): string {
  if (later.startsWith("# ")) return later;
  const merged = sections(withNewline(earlier));
  for (const section of sections(withNewline(later))) {
    const index = section.heading === null ? -1 : merged.findIndex(({ heading }) => heading === section.heading);
    if (index !== -1) {
      merged[index] = section;
      continue;
    }
    const last = merged.at(-1);
    if (last && !last.text.endsWith("\n\n")) last.text += "\n";
    merged.push(section);
  }
  return merged.map(({ text }) => text).join("");
}
