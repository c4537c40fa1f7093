/**
 * A small Dockerfile reader for the instructions the generated projects use, so tests can replay an image's build
 * without Docker. Anything else is an error: a new instruction in a template must be taught here first.
 */
export type Instruction =
  | { kind: "FROM"; image: string; stage?: string }
  | { kind: "WORKDIR"; path: string }
  | { kind: "COPY"; from?: string; chown?: string; sources: string[]; destination: string }
  | { kind: "RUN"; command: string }
  | { kind: "ENV"; values: Record<string, string> }
  | { kind: "USER"; user: string }
  | { kind: "EXPOSE"; port: number }
  | { kind: "HEALTHCHECK"; command: string }
  | { kind: "CMD"; argv: string[] };

/** Logical lines: comments dropped, `\` continuations joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (pending === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = "";
  }
  if (pending !== "") throw new Error("Dockerfile ends inside a continued line");
  return lines;
}

/** `--name=value` flags at the start of `words`, and the words after them. */
function flags(words: string[]): { options: Record<string, string>; rest: string[] } {
  const options: Record<string, string> = {};
  let index = 0;
  for (; index < words.length && words[index]?.startsWith("--"); index++) {
    const [name, value] = (words[index] as string).slice(2).split("=", 2);
    options[name as string] = value ?? "";
  }
  return { options, rest: words.slice(index) };
}

/** `KEY=value KEY2="two words"` (the only ENV form the templates use). */
function envValues(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of text.matchAll(/(\w+)=("([^"]*)"|\S*)/g)) values[match[1] as string] = match[3] ?? match[2] ?? "";
  return values;
}

export function parseDockerfile(text: string): Instruction[] {
  return logicalLines(text).map((line) => {
    const [keyword = "", ...words] = line.split(/\s+/);
    const argument = line.slice(keyword.length).trim();
    switch (keyword.toUpperCase()) {
      case "FROM": {
        const [image = "", as, stage] = words;
        return as?.toUpperCase() === "AS" ? { kind: "FROM", image, stage: stage as string } : { kind: "FROM", image };
      }
      case "WORKDIR":
        return { kind: "WORKDIR", path: argument };
      case "COPY": {
        const { options, rest } = flags(words);
        if (rest.length < 2) throw new Error(`COPY needs a source and a destination: ${line}`);
        return {
          kind: "COPY",
          ...(options.from ? { from: options.from } : {}),
          ...(options.chown ? { chown: options.chown } : {}),
          sources: rest.slice(0, -1),
          destination: rest.at(-1) as string,
        };
      }
      case "RUN":
        return { kind: "RUN", command: argument };
      case "ENV":
        return { kind: "ENV", values: envValues(argument) };
      case "USER":
        return { kind: "USER", user: argument };
      case "EXPOSE":
        return { kind: "EXPOSE", port: Number.parseInt(argument, 10) };
      case "HEALTHCHECK": {
        const command = /\bCMD\s+(.*)$/.exec(argument)?.[1];
        if (!command) throw new Error(`HEALTHCHECK without CMD: ${line}`);
        return { kind: "HEALTHCHECK", command };
      }
      case "CMD":
        return { kind: "CMD", argv: JSON.parse(argument) };
      default:
        throw new Error(`unsupported Dockerfile instruction: ${line}`);
    }
  });
}
