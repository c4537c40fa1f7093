import { describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DATABASES } from "../../../src/generate/template-tree.ts";
import { expectSuccess, generateProject, repoBin, runCommand } from "../../support/generated-project.ts";
import { planDifference, plannedFiles } from "./observability-plan.ts";

interface Probe {
  httpGet: { path: string; port: number };
  initialDelaySeconds: number;
  periodSeconds: number;
  timeoutSeconds?: number;
  failureThreshold: number;
}

const contents = (files: ReturnType<typeof plannedFiles>, path: string) => {
  const file = files.get(path);
  if (!file) throw new Error(`${path} is not generated`);
  return file.contents;
};

describe.each(DATABASES)("full x %s, observability basic", (database) => {
  const none = plannedFiles(database, "none");
  const basic = plannedFiles(database, "basic");

  test("adds the probes and the compose healthcheck, appends an Operations section, and changes nothing else", () => {
    expect(planDifference(none, basic)).toEqual({
      added: ["compose.override.yaml", "deployments/kubernetes/probes.yaml"],
      removed: [],
      changed: ["README.md", "scaffold.json"],
    });
    // The Operations section comes after the rest of the README, before the last layer's "Keeping up" section.
    const readme = contents(basic, "README.md");
    const upgradeSection = "\n## Keeping up with scaffold\n";
    const [body, keepingUp] = contents(none, "README.md").split(upgradeSection) as [string, string];
    expect(readme.startsWith(`${body}\n## Operations\n`)).toBe(true);
    expect(readme.endsWith(`${upgradeSection}${keepingUp}`)).toBe(true);
    expect(JSON.parse(contents(basic, "scaffold.json"))).toEqual({
      ...JSON.parse(contents(none, "scaffold.json")),
      observability: "basic",
    });
  });

  test("probes.yaml is a container's three probes with the documented values", () => {
    const probes = Bun.YAML.parse(contents(basic, "deployments/kubernetes/probes.yaml")) as Record<string, Probe>;
    expect(probes).toEqual({
      livenessProbe: {
        httpGet: { path: "/health/liveness", port: 8080 },
        initialDelaySeconds: 10,
        periodSeconds: 30,
        timeoutSeconds: 5,
        failureThreshold: 3,
      },
      readinessProbe: {
        httpGet: { path: "/health/readiness", port: 8080 },
        initialDelaySeconds: 5,
        periodSeconds: 10,
        timeoutSeconds: 3,
        failureThreshold: 3,
      },
      startupProbe: {
        httpGet: { path: "/health/liveness", port: 8080 },
        initialDelaySeconds: 5,
        periodSeconds: 5,
        failureThreshold: 30,
      },
    });
  });

  test("the probes paste into a Deployment's container as the README shows: a valid Pod template", () => {
    const probes = contents(basic, "deployments/kubernetes/probes.yaml")
      .split("\n")
      .map((line) => (line === "" || line.startsWith("#") ? line : `          ${line}`))
      .join("\n");
    const deployment = `apiVersion: apps/v1
kind: Deployment
metadata: { name: demo }
spec:
  selector: { matchLabels: { app: demo } }
  template:
    metadata: { labels: { app: demo } }
    spec:
      containers:
        - name: app
          image: demo:1.0.0
${probes}`;
    const parsed = Bun.YAML.parse(deployment) as {
      spec: { template: { spec: { containers: Record<string, unknown>[] } } };
    };
    const [container] = parsed.spec.template.spec.containers;
    expect(Object.keys(container ?? {}).sort()).toEqual([
      "image",
      "livenessProbe",
      "name",
      "readinessProbe",
      "startupProbe",
    ]);
  });

  test("Compose merges a healthcheck on readiness into the app service; compose.yaml stays as it is", () => {
    expect(contents(basic, "compose.yaml")).toBe(contents(none, "compose.yaml"));
    const override = Bun.YAML.parse(contents(basic, "compose.override.yaml")) as {
      services: Record<string, { healthcheck: Record<string, unknown> }>;
    };
    expect(Object.keys(override.services)).toEqual(["app"]);
    expect(override.services.app?.healthcheck).toEqual({
      test: ["CMD", "wget", "-qO-", "http://127.0.0.1:8080/health/readiness"],
      interval: "10s",
      timeout: "3s",
      retries: 3,
      start_period: "10s",
    });
    // The image (node:alpine) has busybox wget, which the Dockerfile's own HEALTHCHECK uses too.
    expect(contents(basic, "Dockerfile")).toMatch(/^FROM node:[\d.]+-alpine$/m);
  });

  test("the README says what each probe means and what makes readiness fail", () => {
    const operations = contents(basic, "README.md").split("\n## Operations\n")[1] ?? "";
    for (const text of [
      "/health/liveness",
      "/health/readiness",
      "deployments/kubernetes/probes.yaml",
      "compose.override.yaml",
      "does not answer within 2 s",
    ]) {
      expect(operations).toContain(text);
    }
  });
});

test("a generated basic project passes its own lint (biome formats the README's Operations section too)", async () => {
  const dir = await generateProject("full", "sqlite", "basic");
  try {
    // The repository's biome is the version the project pins (its package.json), so no install is needed.
    expectSuccess(
      "biome check",
      await runCommand(join(repoBin, "biome"), ["check", "."], { cwd: dir, timeoutMs: 60_000 }),
    );
  } finally {
    await rm(dirname(dir), { recursive: true, force: true });
  }
}, 90_000);
