import type { ConfigRule } from "../platform/config.ts";

/**
 * The `JWT_SECRET` that `.env.example` ships (and so every fresh `.env`): published with the template, so it protects
 * nothing. `setup.sh` replaces it; with `APP_ENV=production` the service refuses to start with it.
 */
export const developmentJwtSecret = "development-only-secret-change-me-0123456789abcdef";

/** With `APP_ENV=production`, `JWT_SECRET` must not be the published development value. */
export const noDevelopmentSecretInProduction: ConfigRule<{ APP_ENV: string; JWT_SECRET: string }> = (config) =>
  config.APP_ENV === "production" && config.JWT_SECRET === developmentJwtSecret
    ? {
        variable: "JWT_SECRET",
        message: "is the published development value; set a random secret of 32 bytes or more for production",
      }
    : undefined;
