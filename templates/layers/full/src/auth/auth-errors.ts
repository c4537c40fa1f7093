import { DomainError } from "../platform/errors.ts";

/** The errors of a template with sign-in: no valid credentials, or not the caller's to change. */
export const unauthorized = (message: string) => new DomainError("UNAUTHORIZED", message);
export const forbidden = (message: string) => new DomainError("FORBIDDEN", message);
