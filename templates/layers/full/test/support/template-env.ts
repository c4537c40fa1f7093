/** What this template needs in the environment besides the base settings' defaults (base tests start from it). */
export const templateEnv = { JWT_SECRET: "a-random-production-secret-of-32-bytes-or-more" };
