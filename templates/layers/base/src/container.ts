import type { modules } from "./modules.ts";
import type { AdaptersOf, ConfigOf, ContainerOf } from "./platform/module.ts";

/** Everything this service's modules provide: what routes and tests get. */
export type Container = ContainerOf<typeof modules>;
export type Adapters = AdaptersOf<typeof modules>;
export type AppConfig = ConfigOf<typeof modules>;
