import { z } from "zod";
import { type BaseConfig, type ConfigRule, envInteger } from "../../platform/config.ts";

/** Where `GET /metrics` is served: on the service's port, or alone on its own; and whether it needs a token. */
export const metricsConfig = {
  shape: {
    /** Serve `/metrics` only on this port (keep it off the public one); unset: on `PORT`. */
    METRICS_PORT: envInteger(1, 65_535).optional(),
    /** When set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (Prometheus: `authorization`). */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters long").optional(),
  },
  rules: [
    ({ PORT, METRICS_PORT }) =>
      METRICS_PORT === PORT
        ? { variable: "METRICS_PORT", message: "must differ from PORT (unset it to use PORT)" }
        : undefined,
  ] as ConfigRule<BaseConfig & { METRICS_PORT?: number | undefined }>[],
};
