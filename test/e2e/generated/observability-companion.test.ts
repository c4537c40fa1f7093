import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DATABASES } from "../../../src/generate/template-tree.ts";
import { findTool, missing } from "../../support/env.ts";
import { runCommand } from "../../support/generated-project.ts";
import { planDifference, plannedFiles } from "./observability-plan.ts";

const advanced = plannedFiles("postgres", "advanced");
const text = (path: string, files = advanced) => {
  const file = files.get(path);
  if (!file) throw new Error(`${path} is not generated`);
  return file.contents;
};

interface Panel {
  title: string;
  type: string;
  datasource: { uid: string };
  targets: { expr: string }[];
}
interface ComposeService {
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}
type Compose = { services: Record<string, ComposeService> };

describe("observability advanced: companion files", () => {
  test("advanced adds to basic only its own files, and the README's Operations section is advanced's", () => {
    const basic = plannedFiles("postgres", "basic");
    const { added, removed, changed } = planDifference(basic, advanced);
    expect(removed).toEqual([]);
    expect(changed).toEqual([
      ".env.example",
      "README.md",
      "compose.override.yaml",
      "package.json",
      "scaffold.json",
      "src/modules.ts",
    ]);
    expect(added.filter((path) => !path.startsWith("src/") && !path.startsWith("test/"))).toEqual([
      "deployments/grafana/dashboards/service.json",
      "deployments/grafana/provisioning/dashboards/dashboards.yml",
      "deployments/grafana/provisioning/datasources/prometheus.yml",
      "deployments/kubernetes/metrics/kustomization.yaml",
      "deployments/kubernetes/metrics/scrape.yaml",
      "deployments/prometheus/alerts.test.yml",
      "deployments/prometheus/alerts.yml",
      "deployments/prometheus/prometheus.yml",
    ]);
  });

  test("Prometheus scrapes app:8080/metrics every 15 s and loads the alert rules", () => {
    const config = Bun.YAML.parse(text("deployments/prometheus/prometheus.yml")) as {
      global: { scrape_interval: string };
      rule_files: string[];
      scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    expect(config.global.scrape_interval).toBe("15s");
    expect(config.rule_files).toEqual(["alerts.yml"]);
    expect(config.scrape_configs).toEqual([
      { job_name: "app", metrics_path: "/metrics", static_configs: [{ targets: ["app:8080"] }] },
    ]);
  });

  test("the alerts: HighErrorRate (5xx > 5%, 5 min), HighLatency (p95 > 1 s, 5 min), ServiceDown (1 min)", () => {
    const rules = Bun.YAML.parse(text("deployments/prometheus/alerts.yml")) as {
      groups: { rules: { alert: string; expr: string; for: string }[] }[];
    };
    const byName = Object.fromEntries(rules.groups.flatMap((group) => group.rules).map((rule) => [rule.alert, rule]));
    expect(Object.keys(byName).sort()).toEqual(["HighErrorRate", "HighLatency", "ServiceDown"]);
    expect(byName.HighErrorRate).toMatchObject({ for: "5m", expr: expect.stringMatching(/5\.\..*> 0\.05$/) });
    expect(byName.HighLatency).toMatchObject({
      for: "5m",
      expr: expect.stringMatching(/^histogram_quantile\(0\.95,.*> 1$/),
    });
    expect(byName.ServiceDown).toMatchObject({ for: "1m", expr: expect.stringContaining('up{job="app"}') });
  });

  test("the Grafana dashboard has the seven panels, each querying the provisioned Prometheus", () => {
    const dashboard = JSON.parse(text("deployments/grafana/dashboards/service.json")) as {
      title: string;
      panels: Panel[];
    };
    expect(dashboard.title).toBe("demo service");
    expect(dashboard.panels.map((panel) => panel.title)).toEqual([
      "Request rate",
      "Error rate",
      "Latency p95",
      "Latency p99",
      "Requests in flight",
      "Status code distribution",
      "Top endpoints",
    ]);
    const datasources = Bun.YAML.parse(text("deployments/grafana/provisioning/datasources/prometheus.yml")) as {
      datasources: { uid: string; url: string; type: string }[];
    };
    expect(datasources.datasources).toEqual([
      expect.objectContaining({ uid: "prometheus", type: "prometheus", url: "http://prometheus:9090" }),
    ]);
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe("prometheus");
      expect(panel.targets.length).toBeGreaterThan(0);
    }
    const providers = Bun.YAML.parse(text("deployments/grafana/provisioning/dashboards/dashboards.yml")) as {
      providers: { options: { path: string } }[];
    };
    expect(providers.providers[0]?.options.path).toBe("/var/lib/grafana/dashboards");
  });

  test.each(DATABASES)(
    "Compose with %s: app 8080, database, Jaeger 16686 + OTLP 4317, Prometheus 9090, Grafana 3000, pinned images",
    (database) => {
      const files = plannedFiles(database, "advanced");
      const base = Bun.YAML.parse(text("compose.yaml", files)) as Compose;
      const override = Bun.YAML.parse(text("compose.override.yaml", files)) as Compose;
      // Compose merges the override into compose.yaml service by service (the app keeps its build and ports).
      const services: Record<string, ComposeService> = {
        ...base.services,
        ...override.services,
        app: { ...base.services.app, ...override.services.app },
      };
      const names = Object.keys(services).sort();
      // SQLite is a file inside the app's volume: no database service.
      const expected = [
        "app",
        "grafana",
        "jaeger",
        "prometheus",
        ...(database === "sqlite" ? [] : ["database"]),
      ].sort();
      expect(names).toEqual(expected);
      const ports = (name: string) => services[name]?.ports ?? [];
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's variable syntax, not a template
      expect(ports("app")).toEqual(["${PORT:-8080}:8080"]);
      expect(ports("jaeger")).toEqual(["127.0.0.1:16686:16686", "127.0.0.1:4317:4317"]);
      expect(ports("prometheus")).toEqual(["127.0.0.1:9090:9090"]);
      expect(ports("grafana")).toEqual(["127.0.0.1:3000:3000"]);
      for (const name of names) expect(services[name]?.image ?? "built").toMatch(/^built$|:[\w.-]*\d[\w.-]*$/);
      expect(override.services.app?.environment).toEqual({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://jaeger:4317",
        OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
      });
      expect(override.services.app?.healthcheck?.test).toContain("http://127.0.0.1:8080/health/readiness");
    },
  );

  describe.skipIf(missing("promtool (Debian package prometheus)", findTool("promtool")))("promtool", () => {
    let dir = "";
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "scaffold-promtool-"));
      for (const path of ["prometheus.yml", "alerts.yml", "alerts.test.yml"]) {
        const target = join(dir, path);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, text(`deployments/prometheus/${path}`));
      }
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    const promtool = (...args: string[]) =>
      runCommand(findTool("promtool") as string, args, { cwd: dir, timeoutMs: 30_000 });

    test("check config and check rules pass", async () => {
      const config = await promtool("check", "config", "prometheus.yml");
      expect(config.output).toContain("SUCCESS");
      expect(config.code).toBe(0);
      const rules = await promtool("check", "rules", "alerts.yml");
      expect(rules.output).toContain("3 rules found");
      expect(rules.code).toBe(0);
    });

    test("test rules: each alert fires on failing series and stays silent on healthy ones", async () => {
      const tests = (Bun.YAML.parse(text("deployments/prometheus/alerts.test.yml")) as { tests: { name: string }[] })
        .tests;
      for (const alert of ["HighErrorRate", "HighLatency", "ServiceDown"]) {
        expect(tests.some(({ name }) => name.startsWith(`${alert} fires`))).toBe(true);
      }
      expect(tests.some(({ name }) => /stays silent/.test(name))).toBe(true);
      const result = await promtool("test", "rules", "alerts.test.yml");
      expect(result.output).toContain("SUCCESS");
      expect(result.code).toBe(0);
    });

    test("test rules fails when an expectation is wrong (the tests can fail)", async () => {
      const wrong = text("deployments/prometheus/alerts.test.yml").replace(
        "10% of the requests",
        "11% of the requests",
      );
      await writeFile(join(dir, "wrong.test.yml"), wrong);
      const result = await promtool("test", "rules", "wrong.test.yml");
      expect(result.code).not.toBe(0);
    });
  });
});
