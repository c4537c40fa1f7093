import { expect, test } from "bun:test";
import { metricFamily, promqlMetricNames } from "../../support/promql-names.ts";

test("promqlMetricNames finds the metrics of a query, not its functions, labels, keywords or durations", () => {
  expect(
    promqlMetricNames(
      'sum(rate(http_requests_total{status=~"5.."}[5m])) / sum by (route) (rate(http_requests_total[$__range]))',
    ),
  ).toEqual(["http_requests_total"]);
  expect(
    promqlMetricNames("histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket[5m]))) > 1"),
  ).toEqual(["http_request_duration_seconds_bucket"]);
  expect(promqlMetricNames('up{job="app"} == 0 or absent(up{job="app"})')).toEqual(["up"]);
  expect(promqlMetricNames("topk(10, sum(http_requests_in_flight)) and on (x) other_metric offset 5m")).toEqual([
    "http_requests_in_flight",
    "other_metric",
  ]);
});

test("metricFamily maps a histogram's series to its family", () => {
  const families = new Set(["http_request_duration_seconds", "up"]);
  expect(metricFamily("http_request_duration_seconds_bucket", families)).toBe("http_request_duration_seconds");
  expect(metricFamily("http_requests_total", families)).toBe("http_requests_total");
});
