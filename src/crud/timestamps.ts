/** Values of the timestamps the library writes (`createdAt`, `updatedAt`, `deletedAt`), per column type. */
import type { ResourceModel } from "./model.ts";

/** `now` as the column stores it: a Date, or its ISO 8601 string in a TEXT column. */
export function timestamp(model: ResourceModel, name: string, now: Date): Date | string {
  return model.fieldsByName.get(name)?.isoText ? now.toISOString() : now;
}
