import packageJson from "../../package.json" with { type: "json" };

/** Name and version from package.json: the service name in logs and readiness, the title of the API reference. */
export const packageInfo = { name: packageJson.name, version: packageJson.version };
