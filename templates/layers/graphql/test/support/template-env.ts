/** What this template needs in the environment besides the base settings' defaults (base tests start from it). */
export const templateEnv = {};
