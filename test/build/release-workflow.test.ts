/** The release workflow's own shell steps, run here with fake `gh`/`node` environments (GitHub Actions is not). */
import { expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repoRoot = join(import.meta.dirname, "../..");

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string | number>;
  env?: Record<string, string>;
}
interface Workflow {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: { release: { steps: Step[] } };
}

const workflow = Bun.YAML.parse(
  await readFile(join(repoRoot, ".github/workflows/release.yml"), "utf8"),
) as unknown as Workflow;
const steps = workflow.jobs.release.steps;
const script = (name: string): string => {
  const step = steps.find((candidate) => candidate.name?.startsWith(name));
  if (!step?.run) throw new Error(`no step "${name}" with a run script`);
  return step.run;
};

function sh(run: string, cwd: string, env: Record<string, string>) {
  const child = Bun.spawnSync(["/bin/sh", "-e", "-c", run], { cwd, env: { PATH: process.env.PATH, ...env } });
  return { exitCode: child.exitCode, output: child.stdout.toString() + child.stderr.toString() };
}

test("runs on version tags, may write releases, builds with the repository's releases URL", () => {
  expect(workflow.on.push.tags).toEqual(["v*"]);
  expect(workflow.permissions.contents).toBe("write");
  const build = script("Build release files");
  expect(build).toContain("npm run build -- --base-url");
  expect(build).toContain("GITHUB_SERVER_URL}/$" + "{GITHUB_REPOSITORY}/releases");
  expect(script("Check")).toContain("sha256sum --check --strict SHA256SUMS");
});

test("the version check accepts only a tag equal to package.json's and the templates' version", async () => {
  const dir = await mkdtemp(join(tmpdir(), "scaffold-release-"));
  await mkdir(join(dir, "templates"));
  await writeFile(join(dir, "package.json"), '{"version":"1.2.3"}');
  await writeFile(join(dir, "templates/manifest.json"), '{"version":"1.2.3"}');
  const check = script("Tag matches");
  expect(sh(check, dir, { GITHUB_REF_NAME: "v1.2.3" }).exitCode).toBe(0);
  const wrongTag = sh(check, dir, { GITHUB_REF_NAME: "v1.2.4" });
  expect(wrongTag.exitCode).toBe(1);
  expect(wrongTag.output).toContain("must agree");
  await writeFile(join(dir, "templates/manifest.json"), '{"version":"1.2.2"}');
  expect(sh(check, dir, { GITHUB_REF_NAME: "v1.2.3" }).exitCode).toBe(1);
  await rm(dir, { recursive: true });
});

test("publishing creates the release with every dist/ file, or replaces the files of an existing one", async () => {
  const dir = await mkdtemp(join(tmpdir(), "scaffold-release-"));
  await mkdir(join(dir, "dist"));
  await mkdir(join(dir, "bin"));
  for (const file of ["SHA256SUMS", "scaffold-linux-x64", "scaffold.rb"]) await writeFile(join(dir, "dist", file), "");
  // A fake gh: logs its arguments; `release view` succeeds only when EXISTS=1.
  await writeFile(
    join(dir, "bin/gh"),
    '#!/bin/sh\necho "$*" >> "$LOG"\n[ "$1 $2" != "release view" ] || [ "$EXISTS" = 1 ]\n',
  );
  await chmod(join(dir, "bin/gh"), 0o755);
  const publish = script("Publish");
  const env = (exists: string) => ({
    PATH: `${join(dir, "bin")}:${process.env.PATH}`,
    LOG: join(dir, `log-${exists}`),
    EXISTS: exists,
    GITHUB_REF_NAME: "v1.2.3",
  });
  expect(sh(publish, dir, env("0")).exitCode).toBe(0);
  expect((await readFile(join(dir, "log-0"), "utf8")).split("\n")[1]).toBe(
    "release create v1.2.3 dist/SHA256SUMS dist/scaffold-linux-x64 dist/scaffold.rb --title v1.2.3 --generate-notes --verify-tag",
  );
  expect(sh(publish, dir, env("1")).exitCode).toBe(0);
  expect((await readFile(join(dir, "log-1"), "utf8")).split("\n")[1]).toBe(
    "release upload v1.2.3 dist/SHA256SUMS dist/scaffold-linux-x64 dist/scaffold.rb --clobber",
  );
  await rm(dir, { recursive: true });
});

test("publishes both npm tarballs of the tag's version with provenance, after the GitHub release", async () => {
  expect(workflow.permissions["id-token"]).toBe("write");
  const setupNode = steps.find((step) => step.uses?.startsWith("actions/setup-node"));
  expect(setupNode?.with?.["registry-url"]).toBe("https://registry.npmjs.org");
  const names = steps.map((step) => step.name);
  expect(names.indexOf("Build npm packages")).toBeGreaterThan(names.indexOf("Publish to the GitHub release"));
  expect(script("Build npm packages")).toBe("npm run build:npm");
  const publishStep = steps.find((step) => step.name === "Publish to npm");
  expect(publishStep?.env?.NODE_AUTH_TOKEN).toBe("$" + "{{ secrets.NPM_TOKEN }}");

  const dir = await mkdtemp(join(tmpdir(), "scaffold-release-"));
  await mkdir(join(dir, "bin"));
  // A fake npm: logs its arguments.
  await writeFile(join(dir, "bin/npm"), '#!/bin/sh\necho "$*" >> "$LOG"\n');
  await chmod(join(dir, "bin/npm"), 0o755);
  const env = { PATH: `${join(dir, "bin")}:${process.env.PATH}`, LOG: join(dir, "log"), GITHUB_REF_NAME: "v1.2.3" };
  expect(sh(script("Publish to npm"), dir, env).exitCode).toBe(0);
  expect((await readFile(join(dir, "log"), "utf8")).trim().split("\n")).toEqual([
    "publish dist/npm/scaffold-dev-crud-1.2.3.tgz --provenance --access public",
    "publish dist/npm/scaffold-dev-cli-1.2.3.tgz --provenance --access public",
  ]);
  await rm(dir, { recursive: true });
});
