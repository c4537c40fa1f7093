/** A user as the rest of the service sees it: never with the password or its hash. */
export interface User {
  id: number;
  email: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Limits of the input, shared by the HTTP schemas and the services. */
export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than silently truncated. */
export const PASSWORD_MAX_BYTES = 72;

/** One spelling per address (trimmed, lower-cased), so identity does not depend on the database's collation. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
