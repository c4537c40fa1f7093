/** Errors the use cases raise; the HTTP layer maps each code to a status. No HTTP knowledge here. */
export type DomainErrorCode = "VALIDATION_ERROR" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT";

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: unknown;

  constructor(code: DomainErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const notFound = (message: string) => new DomainError("NOT_FOUND", message);
export const conflict = (message: string) => new DomainError("CONFLICT", message);
