import { authRoutes } from "./auth.routes.ts";
import type { RouteEntry } from "./route-entry.ts";
import { userRoutes } from "./users.routes.ts";

/** Route table: each resource's router and where it is mounted. `scaffold add-model` appends to it. */
export const routeTable: RouteEntry[] = [
  { path: "/api/v1/auth", routes: authRoutes },
  { path: "/api/v1/users", routes: userRoutes },
];
