import { accountsModule } from "./accounts.module.ts";
import type { ContainerOf } from "./module.ts";

/** Module list of the entry point: each wires one resource. `scaffold add-model` appends to it. */
export const modules = [accountsModule] as const;

export type Container = ContainerOf<typeof modules>;
