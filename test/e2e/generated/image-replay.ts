import { chmod, cp, mkdir, readFile } from "node:fs/promises";
import { join, posix, relative } from "node:path";
import { type Instruction, parseDockerfile } from "../../support/dockerfile.ts";
import { expectSuccess, node24Bin, runCommand } from "../../support/generated-project.ts";
import { networkEnv } from "../../support/network-env.ts";
import { runAroundLockGap } from "../../support/npm-lock-gap.ts";

/**
 * A generated project's container image, built by replaying its Dockerfile on this machine: there is no Docker daemon
 * here and no registry but npm's, so each stage is a folder, COPY copies from the project (minus `.dockerignore`) or
 * an earlier stage, and RUN runs in that folder with a clean npm configuration and cache, as in a fresh container.
 * What this cannot check is the base image itself (Alpine, musl): the stages run on this machine's Linux with the
 * repository's Node.js 24, the version the Dockerfile's `FROM node:24-…` names.
 */
interface ImageSettings {
  env: Record<string, string>;
  user: string | undefined;
  cmd: string[];
  exposed: number | undefined;
  healthcheck: string | undefined;
}

export interface ReplayedImage extends ImageSettings {
  /** The final stage's WORKDIR on this machine. */
  workdir: string;
}

/** The unprivileged account the image's own user (`node` in the node images) stands for here, when run as root. */
export const IMAGE_USER = { name: "nobody", uid: 65534, gid: 65534 };

interface Stage extends ImageSettings {
  name: string | undefined;
  /** The stage's file system on this machine. */
  root: string;
  /** WORKDIR inside the image. */
  workdir: string;
}

/** `.dockerignore` patterns (names and simple globs, relative to the project): true when `path` or a parent matches. */
function ignoredBy(patterns: string[]): (path: string) => boolean {
  const globs = patterns.map((pattern) => new Bun.Glob(pattern.replace(/^\//, "")));
  return (path) => {
    const parts = path.split("/");
    return parts.some((_, index) => {
      const prefix = parts.slice(0, index + 1).join("/");
      return globs.some((glob) => glob.match(prefix));
    });
  };
}

const asRoot = process.getuid?.() === 0;

export async function replayImage(projectDir: string, into: string): Promise<ReplayedImage> {
  const instructions: Instruction[] = parseDockerfile(await readFile(join(projectDir, "Dockerfile"), "utf8"));
  const dockerignore = await readFile(join(projectDir, ".dockerignore"), "utf8").catch(() => "");
  const ignored = ignoredBy(
    dockerignore
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  // A fresh container has no npm configuration and an empty cache.
  const npmHome = join(into, "npm-home");
  await mkdir(npmHome, { recursive: true });
  await chmod(into, 0o755); // the image's user must reach its files
  const stages: Stage[] = [];
  const current = () => {
    const stage = stages.at(-1);
    if (!stage) throw new Error("Dockerfile: an instruction before FROM");
    return stage;
  };
  const onHost = (stage: Stage, path: string) => join(stage.root, posix.resolve(stage.workdir, path));

  for (const step of instructions) {
    switch (step.kind) {
      case "FROM": {
        const root = join(into, `stage-${stages.length}`);
        await mkdir(root, { recursive: true, mode: 0o755 });
        const env = { PATH: `${node24Bin}:/usr/local/bin:/usr/bin:/bin`, ...networkEnv() };
        stages.push({
          name: step.stage,
          root,
          workdir: "/",
          env,
          user: undefined,
          cmd: [],
          exposed: undefined,
          healthcheck: undefined,
        });
        break;
      }
      case "WORKDIR": {
        const stage = current();
        stage.workdir = posix.resolve(stage.workdir, step.path);
        await mkdir(onHost(stage, "."), { recursive: true, mode: 0o755 });
        break;
      }
      case "COPY": {
        const stage = current();
        const source = step.from ? stages.find((each) => each.name === step.from) : undefined;
        if (step.from && !source) throw new Error(`COPY --from=${step.from}: no such stage`);
        const destination = onHost(stage, step.destination);
        for (const path of step.sources) {
          const from = source ? onHost(source, path) : join(projectDir, path);
          if (!source && ignored(path)) throw new Error(`COPY ${path}: excluded by .dockerignore`);
          const target = step.destination.endsWith("/") ? join(destination, posix.basename(path)) : destination;
          await cp(from, target, {
            recursive: true,
            filter: (file) => source !== undefined || !ignored(relative(projectDir, file)),
          });
          if (step.chown && asRoot) await chownTree(target);
        }
        break;
      }
      case "RUN": {
        const stage = current();
        // The image's `node` user is this machine's unprivileged account.
        const command = step.command.replace(
          /\bchown (-\S+ )*node:node\b/g,
          `chown $1${IMAGE_USER.uid}:${IMAGE_USER.gid}`,
        );
        const env = {
          ...stage.env,
          HOME: npmHome,
          npm_config_userconfig: join(npmHome, ".npmrc"),
          npm_config_cache: join(npmHome, "cache"),
        };
        const run = (script: string) =>
          runCommand("sh", ["-c", script], { cwd: onHost(stage, "."), env, timeoutMs: 600_000 });
        const result = await runAroundLockGap(command, onHost(stage, "package-lock.json"), env, run);
        expectSuccess(`RUN ${step.command}`, result);
        break;
      }
      case "ENV":
        Object.assign(current().env, step.values);
        break;
      case "USER":
        current().user = step.user;
        break;
      case "EXPOSE":
        current().exposed = step.port;
        break;
      case "HEALTHCHECK":
        current().healthcheck = step.command;
        break;
      case "CMD":
        current().cmd = step.argv;
        break;
    }
  }
  const final = current();
  const { env, user, cmd, exposed, healthcheck } = final;
  return { env, user, cmd, exposed, healthcheck, workdir: onHost(final, ".") };
}

/** `--chown=node:node`: the copied tree belongs to the image's user. */
async function chownTree(path: string): Promise<void> {
  expectSuccess(
    `chown ${path}`,
    await runCommand("chown", ["-R", `${IMAGE_USER.uid}:${IMAGE_USER.gid}`, path], { cwd: "/" }),
  );
}

/** The argv that runs the image's CMD as its user: through `setpriv` when the tests run as root. */
export function asImageUser(argv: string[]): string[] {
  if (!asRoot) return argv;
  return ["setpriv", `--reuid=${IMAGE_USER.uid}`, `--regid=${IMAGE_USER.gid}`, "--clear-groups", "--", ...argv];
}
