import { authModule } from "./auth.module.ts";
import type { ContainerOf } from "./module.ts";
import { usersModule } from "./users.module.ts";

/** Module list of the entry point: each wires one resource. `scaffold add-model` appends to it. */
export const modules = [authModule, usersModule] as const;

export type Container = ContainerOf<typeof modules>;
