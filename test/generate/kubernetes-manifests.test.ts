/**
 * `deployments/kubernetes/` of every generated project: `kubectl kustomize` renders it, every object it renders and
 * the Secret template validate against the Kubernetes API's schemas (kubernetes-models, offline), and the values
 * that make replicas deploy, drain and migrate safely are what the README promises. Planned in memory as the CLI
 * plans it; only the manifests are written to disk, for kubectl.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import type { GenerateOptions } from "../../src/generate/options.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { findTool, missing } from "../support/env.ts";
import { runCommand } from "../support/generated-project.ts";
import { acceptedCombinations } from "../support/template-combinations.ts";

const tree = await loadTemplateDir(repositoryTemplates());
const combinations = acceptedCombinations(tree);
const kubectl = findTool("kubectl");
const FOLDER = "deployments/kubernetes";

// biome-ignore lint/suspicious/noExplicitAny: rendered YAML, read by path in the assertions
type Manifest = Record<string, any>;

/** Validates `object` against its kind's schema; throws with the schema's complaint. */
async function validate(object: Manifest): Promise<void> {
  const module = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`);
  const Model = module[object.kind];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

const plan = (options: GenerateOptions) => planProject(tree, { ...options, cliVersion: "0.0.0" });

describe.skipIf(missing("kubectl (kustomize v5)", kubectl))("Kubernetes manifests", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "scaffold-kubernetes-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /**
   * Writes the project's manifests under `root` and renders them with `kubectl kustomize`, with the kustomization's
   * `components` listed as its README says to switch them on.
   */
  async function render(
    options: GenerateOptions,
    components: string[] = [],
  ): Promise<{ objects: Manifest[]; files: Map<string, string>; sources: string }> {
    const variant = [options.template, options.database, options.observability, ...components].join("-");
    const dir = join(root, variant);
    const files = new Map<string, string>();
    let sources = "";
    for (const file of plan(options)) {
      if (file.path.startsWith("src/") && file.path.endsWith(".ts")) sources += file.contents;
      if (!file.path.startsWith(`${FOLDER}/`)) continue;
      files.set(file.path, file.contents);
      const enabled = components.map((component) => `  - ${component}\n`).join("");
      const contents =
        file.path === `${FOLDER}/kustomization.yaml` && enabled
          ? `${file.contents}components:\n${enabled}`
          : file.contents;
      await mkdir(dirname(join(dir, file.path)), { recursive: true });
      await writeFile(join(dir, file.path), contents);
    }
    const result = await runCommand(kubectl as string, ["kustomize", FOLDER], { cwd: dir, timeoutMs: 30_000 });
    expect(result.code).toBe(0);
    // A deprecated kustomization field is reported on stderr (collected with stdout here).
    expect(result.output).not.toMatch(/^Warning:/m);
    const objects = (Bun.YAML.parse(result.output) as Manifest[]).filter(Boolean);
    return { objects, files, sources };
  }

  test.each(
    combinations.map((options) => [`${options.template} ${options.database} ${options.observability}`, options]),
  )("%s: renders, validates, and deploys as the README says", async (_, options) => {
    const { projectName: name, database, template } = options as GenerateOptions;
    const { objects, files, sources } = await render(options as GenerateOptions);
    for (const object of objects) await validate(object);
    const secret = Bun.YAML.parse(files.get(`${FOLDER}/secret.example.yaml`) ?? "") as Manifest;
    await validate(secret);

    const only = (kind: string): Manifest => {
      const found = objects.filter((object) => object.kind === kind);
      expect(found).toHaveLength(1);
      return found[0] as Manifest;
    };
    const deployment = only("Deployment");
    const config = only("ConfigMap");
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;

    expect(container.image).toBe(`${name}:latest`);
    expect(container.envFrom).toEqual([
      { configMapRef: { name: config.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
    expect(Object.keys(secret.stringData)).toEqual(
      template === "full" ? ["DATABASE_URL", "JWT_SECRET"] : ["DATABASE_URL"],
    );

    // The probes of the specification (generator-spec, Observability).
    const probe = (key: string) => {
      const { httpGet, ...timing } = container[key];
      return { path: httpGet.path, port: httpGet.port, ...timing };
    };
    expect(probe("livenessProbe")).toEqual({
      path: "/health/liveness",
      port: "http",
      initialDelaySeconds: 10,
      periodSeconds: 30,
      timeoutSeconds: 5,
      failureThreshold: 3,
    });
    expect(probe("readinessProbe")).toEqual({
      path: "/health/readiness",
      port: "http",
      initialDelaySeconds: 5,
      periodSeconds: 10,
      timeoutSeconds: 3,
      failureThreshold: 3,
    });
    expect(probe("startupProbe")).toEqual({
      path: "/health/liveness",
      port: "http",
      initialDelaySeconds: 5,
      periodSeconds: 5,
      failureThreshold: 30,
    });
    expect(container.ports).toEqual([{ name: "http", containerPort: 8080 }]);

    // Non-root (the image's `node` user), nothing writable but the volumes, no privilege to gain.
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(container.resources.requests.cpu).toBeDefined();
    expect(container.resources.limits.memory).toBeDefined();

    // Every setting of the ConfigMap is one the service reads (a config shape declares it), so none is a typo.
    const settings = config.data;
    for (const key of Object.keys(settings)) expect(sources).toContain(`${key}: `);
    // Each template's own settings (template.env) join the shared ones (config.env).
    if (template === "full") {
      expect(settings).toMatchObject({
        AUTH_RATE_LIMIT_WINDOW_SECONDS: "900",
        AUTH_RATE_LIMIT_PER_ADDRESS: "100",
        AUTH_RATE_LIMIT_PER_ACCOUNT: "10",
        // One ingress in front: the client is X-Forwarded-For's last entry.
        TRUSTED_PROXY_HOPS: "1",
      });
    } else {
      expect(Object.keys(settings).filter((key) => /^(AUTH_|TRUSTED_)/.test(key))).toEqual([]);
    }
    if (template === "graphql") expect(settings.GRAPHQL_INTROSPECTION).toBe("false");
    else expect(settings.GRAPHQL_INTROSPECTION).toBeUndefined();

    // The kubelet's SIGKILL comes only after the drain delay and the in-flight bound.
    expect(settings.SHUTDOWN_DELAY_MS).toBe("5000");
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      Number(settings.SHUTDOWN_DELAY_MS) + Number(settings.SHUTDOWN_TIMEOUT_MS),
    );

    const service = only("Service");
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports[0].targetPort).toBe("http");

    if (database === "sqlite") {
      // One process owns the file: one replica, replaced (never two at once), migrating at start.
      expect(deployment.spec.replicas).toBe(1);
      expect(deployment.spec.strategy).toEqual({ type: "Recreate" });
      expect(settings.MIGRATE_ON_START).toBe("true");
      const claim = only("PersistentVolumeClaim");
      expect(pod.volumes).toContainEqual({ name: "data", persistentVolumeClaim: { claimName: claim.metadata.name } });
      expect(container.volumeMounts).toContainEqual({ name: "data", mountPath: "/app/.data" });
      expect(objects.map(({ kind }) => kind).sort()).toEqual([
        "ConfigMap",
        "Deployment",
        "PersistentVolumeClaim",
        "Service",
      ]);
      return;
    }

    expect(settings.MIGRATE_ON_START).toBe("false");
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    const job = only("Job");
    const [migrate] = job.spec.template.spec.containers;
    expect(migrate.command).toEqual(["node", "--disable-warning=ExperimentalWarning", "src/migrate.ts"]);
    expect(migrate.image).toBe(container.image);
    expect(migrate.envFrom).toEqual([{ secretRef: { name: secret.metadata.name } }]);
    expect(migrate.securityContext).toEqual(container.securityContext);
    expect(job.spec.template.spec.restartPolicy).toBe("Never");
    // The Job's pod is never one of the Service's endpoints.
    const jobLabels = job.spec.template.metadata.labels;
    expect(Object.entries(service.spec.selector).every(([key, value]) => jobLabels[key] === value)).toBe(false);

    const autoscaler = only("HorizontalPodAutoscaler");
    expect(autoscaler.apiVersion).toBe("autoscaling/v2");
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec.metrics).toEqual([
      { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } },
    ]);
    const budget = only("PodDisruptionBudget");
    expect(budget.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(budget.spec.maxUnavailable).toBeLessThan(autoscaler.spec.minReplicas);
  });

  test("the observability levels' probes.yaml holds the Deployment's probes", async () => {
    const options = combinations.find(({ observability }) => observability === "basic") as GenerateOptions;
    const { objects, files } = await render(options);
    const [container] = objects.find(({ kind }) => kind === "Deployment")?.spec.template.spec.containers ?? [];
    const reference = Bun.YAML.parse(files.get(`${FOLDER}/probes.yaml`) ?? "") as Manifest;
    for (const key of ["livenessProbe", "readinessProbe", "startupProbe"]) {
      const { httpGet, ...timing } = reference[key];
      expect({ ...container[key], httpGet: { ...container[key].httpGet, port: 8080 } }).toEqual({
        httpGet,
        ...timing,
      });
    }
  });

  test.each(
    combinations
      .filter(({ observability }) => observability === "advanced")
      .map((options) => [`${options.template} ${options.database}`, options]),
  )(
    "%s advanced: the metrics component moves /metrics off the Service and marks the pods for scraping",
    async (_, options) => {
      const { objects } = await render(options as GenerateOptions, ["metrics"]);
      for (const object of objects) await validate(object);
      const deployment = objects.find(({ kind }) => kind === "Deployment") as Manifest;
      const config = objects.find(({ kind }) => kind === "ConfigMap") as Manifest;
      const service = objects.find(({ kind }) => kind === "Service") as Manifest;
      const [container] = deployment.spec.template.spec.containers;

      expect(config.data.METRICS_PORT).toBe("9464");
      // The component's merge renames the ConfigMap (a new hash); the pods follow it.
      expect(container.envFrom[0]).toEqual({ configMapRef: { name: config.metadata.name } });
      expect(container.ports).toEqual([
        { name: "metrics", containerPort: 9464 },
        { name: "http", containerPort: 8080 },
      ]);
      expect(deployment.spec.template.metadata.annotations).toEqual({
        "prometheus.io/scrape": "true",
        "prometheus.io/port": config.data.METRICS_PORT,
        "prometheus.io/path": "/metrics",
      });
      expect(service.spec.ports).toEqual([{ name: "http", port: 80, targetPort: "http" }]);
    },
  );

  test("a schema violation fails the validation (the check can fail)", async () => {
    const options = combinations[0] as GenerateOptions;
    const { objects } = await render(options);
    const deployment = structuredClone(objects.find(({ kind }) => kind === "Deployment") as Manifest);
    deployment.spec.replicas = "two";
    await expect(validate(deployment)).rejects.toThrow("replicas");
  });
});
