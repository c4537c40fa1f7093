import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { launchServer, type RunningService } from "../../support/runtimes.ts";
import type { OpenBackend } from "./backends.ts";
import { ContractClient } from "./contract-client.ts";
import { asImageUser, IMAGE_USER, type ReplayedImage, replayImage } from "./image-replay.ts";
import { templateCalls } from "./template-calls.ts";

/** Effective uid of a running process (Linux /proc). */
function uidOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^Uid:\s+\d+\s+(\d+)/m);
  return Number(line?.[1]);
}

/**
 * The project's Dockerfile, replayed without Docker (see image-replay.ts), then its CMD run as the image's user with
 * the image's environment only: no dev dependencies, no `.env`, nothing writable but what the Dockerfile hands over.
 * Server databases are reached through `DATABASE_URL` as compose.yaml does; embedded ones use the image's default.
 */
export function describeImage(
  project: () => { dir: string; backend: OpenBackend },
  {
    template = "full",
  }: { /** The template (full needs a JWT_SECRET, and its write is a registration). */ template?: TemplateName } = {},
): void {
  const auth = template === "full";
  const calls = templateCalls(template);
  describe("container image (Dockerfile replayed without Docker)", () => {
    let scratch = "";
    let image: ReplayedImage;
    let service: RunningService | undefined;

    beforeAll(async () => {
      const { dir, backend } = project();
      scratch = await mkdtemp(join(tmpdir(), "scaffold-image-"));
      image = await replayImage(dir, scratch);
      const env: Record<string, string> = auth
        ? { ...image.env, JWT_SECRET: randomBytes(32).toString("hex") }
        : { ...image.env };
      if (backend.server) env.DATABASE_URL = backend.databaseUrl();
      const [command, ...args] = asImageUser(image.cmd);
      service = await launchServer(image.workdir, "image", [command as string, ...args], env, 60_000, {
        inheritEnv: false,
      });
    }, 600_000);

    afterAll(async () => {
      service?.kill();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    }, 60_000);

    test("declares a non-root user, production settings, and one port for EXPOSE, PORT and its HEALTHCHECK", () => {
      expect(image.user).toBeDefined();
      expect(image.user).not.toMatch(/^(root|0)(:|$)/);
      expect(image.env).toMatchObject({ APP_ENV: "production", NODE_ENV: "production" });
      const healthcheck = /https?:\/\/[^\s/]+:(\d+)(\/\S*)/.exec(image.healthcheck ?? "");
      expect(healthcheck?.[1]).toBe(image.env.PORT);
      expect(String(image.exposed)).toBe(image.env.PORT as string);
    });

    test("holds production dependencies only, and no tests, .env or local data", () => {
      const manifest = JSON.parse(readFileSync(join(image.workdir, "package.json"), "utf8"));
      const installed = (path: string) => existsSync(join(image.workdir, path, "package.json"));
      expect(Object.keys(manifest.dependencies).filter((name) => !installed(`node_modules/${name}`))).toEqual([]);
      // What the project's lock file marks as needed only for development (dev dependencies and theirs).
      const lock = JSON.parse(readFileSync(join(project().dir, "package-lock.json"), "utf8"));
      const devOnly = Object.entries(lock.packages as Record<string, { dev?: boolean }>)
        .filter(([path, entry]) => path !== "" && entry.dev === true)
        .map(([path]) => path);
      expect(devOnly.length).toBeGreaterThan(0);
      expect(devOnly.filter(installed)).toEqual([]);
      for (const local of ["test", ".env", "node_modules/.cache"]) {
        expect(existsSync(join(image.workdir, local))).toBe(false);
      }
    });

    test("its CMD runs as that user and answers the HEALTHCHECK route, readiness, and a write", async () => {
      const running = service as RunningService;
      const uid = uidOf(running.pid());
      expect(uid).not.toBe(0);
      if (process.getuid?.() === 0) expect(uid).toBe(IMAGE_USER.uid);
      const path = /https?:\/\/[^\s/]+(\/\S*)/.exec(image.healthcheck ?? "")?.[1] ?? "";
      expect((await fetch(`${running.url}${path}`)).status).toBe(200);
      expect((await fetch(`${running.url}/health/readiness`)).status).toBe(200);
      // A write: the embedded databases keep their files in the one folder the image's user owns.
      calls.expectWritten(await calls.write(new ContractClient(running.url), "image"));
    }, 30_000);
  });
}
