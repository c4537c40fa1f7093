/**
 * Lints an OpenAPI document as API teams gate theirs: Redocly's `recommended` rules and Spectral's `spectral:oas`,
 * with the linters pinned in the repository's devDependencies. Each problem (error or warning, any severity) is one
 * line naming the linter, the rule and where.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoBin } from "./generated-project.ts";

const run = promisify(execFile);
const configs = join(import.meta.dir, "openapi-lint");
const env = { ...process.env, PATH: `${repoBin}:${process.env.PATH}`, REDOCLY_TELEMETRY: "off" };

/** stdout of a linter that exits non-zero when it finds problems (the JSON report is read either way). */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(join(repoBin, command), args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (stdout?.trim()) return stdout;
    throw new Error(`${command} failed: ${stderr ?? error}`);
  }
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer: string }>;
}

interface SpectralProblem {
  code: string;
  severity: number;
  message: string;
  path: string[];
}

/** Every problem both linters find in `document` (a parsed OpenAPI document); none is `[]`. */
export async function lintOpenApi(document: unknown): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document, null, 2));
    const redocly = JSON.parse(
      await report("redocly", ["lint", file, "--config", join(configs, "redocly.yaml"), "--format", "json"]),
    ) as { problems: RedoclyProblem[] };
    const spectral = JSON.parse(
      await report("spectral", [
        "lint",
        file,
        "--ruleset",
        join(configs, "spectral.yaml"),
        "--format",
        "json",
        "--quiet",
      ]),
    ) as SpectralProblem[];
    return [
      ...redocly.problems.map(
        (p) => `redocly ${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "#"}: ${p.message}`,
      ),
      ...spectral.map(
        (p) => `spectral ${p.severity === 0 ? "error" : "warning"} ${p.code} at #/${p.path.join("/")}: ${p.message}`,
      ),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
