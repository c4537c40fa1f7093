/** The command line contract: help, version, and every usage error (one line, its exit code, nothing written). */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { choiceText } from "../../src/commands/usage.ts";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../../src/generate/choices.ts";
import { listTree, readText, repoRoot, runCli, useTempCwd, useTempHome } from "./run-cli.ts";

useTempHome();

const workDir = useTempCwd();

/** Each flag as the help spells it: aliases, then the flag and its value. */
const FLAGS = [
  "-t, --template <name>",
  "-d, --database <name>",
  "-o, --observability <level>",
  "-i, --interactive",
  "-n, --dry-run",
  "--json",
  "--template-ref <ref>",
  "--template-source <source>",
  "--offline",
  "--force",
  "-h, --help",
  "-v, --version",
];

/** Every help screen the CLI has. */
const HELP_ARGS = [
  [],
  ["--help"],
  ["-h"],
  ["help"],
  ["new", "--help"],
  ["new", "-h"],
  ["help", "new"],
  ["demo", "--help"],
  ["doctor", "--help"],
];

/** The choices of the embedded templates (templates/manifest.json's `available`), as the help must describe them. */
const { available } = JSON.parse(await readText(join(repoRoot, "templates/manifest.json"))) as {
  available: Record<"template" | "database" | "observability", string[]>;
  version: string;
};
const notYet = (all: readonly string[], key: keyof typeof available) =>
  all.filter((value) => !available[key].includes(value));

describe("help and version", () => {
  test("`scaffold --help` lists the commands and every flag with its alias and value", async () => {
    const { exitCode, stdout } = await runCli(["--help"], workDir());
    expect(exitCode).toBe(0);
    for (const line of [...FLAGS, "new", "doctor"]) expect(stdout).toContain(line);
  });

  test("every help screen fits an 80-column terminal: no line over 80 characters, no trailing spaces", async () => {
    for (const args of HELP_ARGS) {
      const { exitCode, stdout } = await runCli(args, workDir());
      expect(exitCode).toBe(0);
      const lines = stdout.split("\n");
      expect(lines.filter((line) => line.length > 80)).toEqual([]);
      expect(lines.filter((line) => /\s$/.test(line))).toEqual([]);
      // Flags start at the left margin, not right-aligned into a wide column.
      for (const line of lines.filter((l) => /^\s+-/.test(l))) expect(line).toMatch(/^ {2}-/);
    }
  });

  test("the help marks the choices this release's templates do not generate, from the manifest", async () => {
    const { stdout } = await runCli(["new", "--help"], workDir());
    const help = stdout.replace(/\s+/g, " ");
    const choices = [
      ["template", TEMPLATE_NAMES, "full"],
      ["database", DATABASES, "postgres"],
      ["observability", OBSERVABILITY_LEVELS, "none"],
    ] as const;
    for (const [key, all, fallback] of choices) {
      // In the order of the choices, the default marked.
      const ready = all.filter((value) => (available[key] as readonly string[]).includes(value));
      const missing = notYet(all, key);
      const text = ready.map((value) => (value === fallback ? `${value} (default)` : value)).join(", ");
      expect(help).toContain(missing.length > 0 ? `${text}; ${missing.join(", ")}: not in this release` : text);
    }
  });

  test("a choice the manifest does not list as available yet is marked, after the available ones", () => {
    expect(choiceText(["none", "basic", "advanced"], ["none", "basic"], "none")).toBe(
      "none (default), basic; advanced: not in this release",
    );
    expect(choiceText(["minimal", "full", "graphql"], ["full"], "full")).toBe(
      "full (default); minimal, graphql: not in this release",
    );
    expect(choiceText(["postgres", "sqlite"], ["postgres", "sqlite"], "postgres")).toBe("postgres (default), sqlite");
  });

  test("`scaffold new --help`, `scaffold new -h` and `scaffold demo --help` show the flags of new", async () => {
    for (const args of [
      ["new", "--help"],
      ["new", "-h"],
      ["demo", "--help"],
    ]) {
      const { exitCode, stdout } = await runCli(args, workDir());
      expect(exitCode).toBe(0);
      expect(stdout).toContain("scaffold new");
      for (const line of FLAGS) expect(stdout).toContain(line);
    }
    expect(await listTree(workDir())).toEqual([]);
  });

  test("`scaffold doctor --help` describes doctor", async () => {
    const { exitCode, stdout } = await runCli(["doctor", "--help"], workDir());
    expect(exitCode).toBe(0);
    expect(stdout).toContain("scaffold doctor");
  });

  test("`scaffold help` is `scaffold --help` and lists help and version; `scaffold help <command>` is its --help", async () => {
    const same = [
      [["help"], ["--help"]],
      [
        ["help", "new"],
        ["new", "--help"],
      ],
      [
        ["help", "doctor"],
        ["doctor", "--help"],
      ],
      [
        ["help", "add-model"],
        ["add-model", "--help"],
      ],
      [
        ["help", "upgrade"],
        ["upgrade", "--help"],
      ],
      [["help", "version"], ["--help"]],
    ];
    for (const [args, equivalent] of same) {
      const [ran, expected] = await Promise.all([runCli(args ?? [], workDir()), runCli(equivalent ?? [], workDir())]);
      expect(ran.exitCode).toBe(0);
      expect(ran.stdout).toBe(expected.stdout);
    }
    const { stdout } = await runCli(["help"], workDir());
    expect(stdout).toMatch(/^ {2}help {2,}Show this help, or the help of the command named after it$/m);
    expect(stdout).toMatch(/^ {2}version {2,}Print the version/m);
    expect(await listTree(workDir())).toEqual([]);
  });

  test("`--version` prints the package version, on its own or with a command", async () => {
    for (const args of [
      ["--version"],
      ["-v"],
      ["version"],
      ["new", "demo", "--version"],
      ["doctor", "--version"],
      ["doctor", "-v"],
    ]) {
      const { exitCode, stdout } = await runCli(args, workDir());
      expect(exitCode).toBe(0);
      expect(stdout.trim()).toBe(pkg.version);
    }
    expect(await listTree(workDir())).toEqual([]);
  });

  test("`scaffold` alone prints the help", async () => {
    const { exitCode, stdout } = await runCli([], workDir());
    expect(exitCode).toBe(0);
    expect(stdout).toContain("Usage: scaffold");
  });
});

const USAGE_ERRORS: [string, string[], string][] = [
  ["missing project name", ["new"], "Missing project name: run `scaffold new <project-name>`."],
  ["missing project name with flags only", ["-d", "mysql"], "Missing project name"],
  ["uppercase project name", ["new", "MyApi"], 'Invalid project name "MyApi": use only lowercase letters'],
  ["path separator", ["new", "a/b"], "cannot contain path separators"],
  ["backslash", ["new", "a\\b"], "cannot contain path separators"],
  ["dot-dot", ["new", "a..b"], 'cannot contain ".."'],
  ["leading dot", [".hidden"], "starting with a letter or a digit"],
  ["reserved name", ["node_modules"], '"node_modules" is a reserved name'],
  ["Windows device name", ["con"], '"con" is a reserved name'],
  ["too long", ["a".repeat(215)], "longer than 214 characters"],
  ["unknown flag with a typo", ["demo", "--tempalte", "full"], "Unknown flag --tempalte: did you mean --template?"],
  ["unknown flag with a typo, = form", ["demo", "--databse=mysql"], "did you mean --database?"],
  [
    "unknown flag far from any",
    ["demo", "--zzzzzzzzzz"],
    "Unknown flag --zzzzzzzzzz: run `scaffold new --help` for the flags",
  ],
  ["unknown short flag", ["demo", "-x"], "Unknown flag -x"],
  ["unknown flag before the name", ["--frce", "demo"], "did you mean --force?"],
  ["unknown flag on doctor", ["doctor", "--verbose"], "Unknown flag --verbose"],
  ["invalid --template", ["demo", "--template=rest"], 'Invalid --template "rest": use one of minimal, full, graphql.'],
  ["invalid -d", ["demo", "-d", "oracle"], 'Invalid --database "oracle": use one of postgres, mysql, sqlite.'],
  ["invalid -o=", ["demo", "-o=loud"], 'Invalid --observability "loud": use one of none, basic, advanced.'],
  ["flag without its value", ["demo", "--template"], "--template needs a value: one of minimal, full, graphql."],
  ["value flag followed by a flag", ["demo", "--template-ref", "--offline"], "--template-ref needs a value"],
  ["boolean with a value", ["demo", "--force=yes"], "--force takes no value"],
  ["extra argument", ["new", "demo", "other"], 'Unexpected argument "other"'],
  ["--interactive with --dry-run", ["demo", "-i", "-n"], "--interactive cannot be combined with --dry-run"],
  [
    "observability without full",
    ["demo", "-t", "graphql", "-o", "basic"],
    "--observability basic needs --template full",
  ],
  ["--json without --dry-run", ["demo", "--json"], "--json only applies to a dry run: add --dry-run."],
  [
    "observability with minimal",
    ["demo", "-t", "minimal", "-o", "basic"],
    "--observability basic needs --template full",
  ],
  ["unknown command-like word is a bad name", ["Build"], 'Invalid project name "Build"'],
  [
    "a typo of a command is not a project name",
    ["doctr"],
    'Unknown command "doctr": did you mean `scaffold doctor`? `scaffold new doctr` creates a project named "doctr".',
  ],
  ["a typo of add-model", ["addmodel", "--fields", "x:string"], "did you mean `scaffold add-model`?"],
  ["a typo of new, after flags", ["-d", "sqlite", "nwe"], "did you mean `scaffold new`?"],
  ["a typo of help", ["hlep"], "did you mean `scaffold help`?"],
  ["a typo of version", ["verison"], "did you mean `scaffold version`?"],
  ["a typo in capitals", ["Doctor"], 'Unknown command "Doctor": did you mean `scaffold doctor`?'],
  [
    "init means new",
    ["init"],
    'Unknown command "init": to create a project, run `scaffold new <project-name>`. `scaffold new init` creates',
  ],
  ["create means new", ["create", "my-api"], "to create a project, run `scaffold new <project-name>`."],
  ["generate means new", ["generate"], "to create a project, run `scaffold new <project-name>`."],
  ["help of an unknown command", ["help", "doctr"], 'Unknown command "doctr": did you mean `scaffold help doctor`?'],
  [
    "help of a word far from any command",
    ["help", "zzzzzz"],
    'Unknown command "zzzzzz": the commands are new, doctor, add-model, upgrade, help, version.',
  ],
  ["help with two commands", ["help", "new", "doctor"], 'Unexpected argument "doctor"'],
  ["version with an argument", ["version", "now"], 'Unexpected argument "now"'],
];

describe("usage errors: exit 2, one line on stderr, nothing written", () => {
  for (const [name, args, message] of USAGE_ERRORS) {
    test(name, async () => {
      const { exitCode, stdout, stderr } = await runCli(args, workDir());
      expect(stderr).toContain(message);
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stdout).toBe("");
      expect(exitCode).toBe(2);
      expect(await listTree(workDir())).toEqual([]);
    });
  }
});

test("a word close to a command is a project name when `new` is written out", async () => {
  for (const name of ["doctr", "init", "web"]) {
    const { exitCode, stdout } = await runCli(["new", name, "--dry-run"], workDir());
    expect(exitCode).toBe(0);
    expect(stdout).toContain(`would be created in ${name}/`);
  }
  expect(await listTree(workDir())).toEqual([]);
});

test("--interactive without a terminal refuses with exit 1 and writes nothing", async () => {
  const { exitCode, stderr } = await runCli(["demo", "-i"], workDir());
  expect(stderr).toContain("--interactive needs a terminal");
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(exitCode).toBe(1);
  expect(await listTree(workDir())).toEqual([]);
});
