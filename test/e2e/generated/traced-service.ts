import { afterAll, beforeAll } from "bun:test";
import { randomBytes } from "node:crypto";
import { type OtlpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.ts";
import { type RunningService, type Runtime, startService } from "../../support/runtimes.ts";
import type { Backend, OpenBackend } from "./backends.ts";

/** What a tracing suite works with; a test that restarts the collector puts the new receiver in `receiver`. */
export interface TracedService {
  receiver: OtlpReceiver;
  service: RunningService;
  database: OpenBackend;
}

/**
 * Registers the suite's set-up and tear-down: an OTLP receiver (gRPC unless `startReceiver` says otherwise), a fresh
 * database on `backend`, and the project in production mode on `runtime`, exporting to that receiver (plus `env`).
 * The handles are filled in by the set-up, before the suite's tests run.
 */
export function useTracedService(
  projectDir: () => string,
  backend: Backend,
  runtime: Runtime,
  options: { env?: Record<string, string>; startReceiver?: () => OtlpReceiver | Promise<OtlpReceiver> } = {},
): TracedService {
  const live = {} as TracedService;
  beforeAll(async () => {
    live.receiver = await (options.startReceiver ?? startOtlpReceiver)();
    live.database = await backend.open(projectDir());
    live.service = await startService(projectDir(), runtime, {
      DATABASE_URL: live.database.databaseUrl(),
      APP_ENV: "production",
      JWT_SECRET: randomBytes(32).toString("hex"),
      OTEL_EXPORTER_OTLP_ENDPOINT: live.receiver.endpoint,
      ...options.env,
    });
  }, 120_000);
  afterAll(async () => {
    live.service?.kill();
    await live.receiver?.stop();
    await live.database?.close();
  }, 30_000);
  return live;
}
