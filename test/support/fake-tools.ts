import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface FakeTools {
  /** The folder to put first on PATH (or to name a tool by path); the caller removes it. */
  bin: string;
  /** Every call so far, one line each: the tool's name and its arguments. */
  calls(): Promise<string>;
}

/** Stand-ins for tools a script asks (`docker`, `pg_isready`, ...): each logs its arguments and exits with `code`. */
export async function fakeTools(tools: Record<string, number>): Promise<FakeTools> {
  const bin = await mkdtemp(join(tmpdir(), "scaffold-fake-tools-"));
  const log = join(bin, "calls.log");
  for (const [name, code] of Object.entries(tools)) {
    await writeFile(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${log}"\nexit ${code}\n`);
    await chmod(join(bin, name), 0o755);
  }
  return { bin, calls: () => readFile(log, "utf8").catch(() => "") };
}
