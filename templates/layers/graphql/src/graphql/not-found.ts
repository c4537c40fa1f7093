import type { DomainError } from "../platform/errors.ts";

/** The read's result, or null when it fails NOT_FOUND (a query's answer for an unknown or deleted id). */
export async function nullWhenNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if ((error as DomainError | undefined)?.code === "NOT_FOUND") return null;
    throw error;
  }
}
