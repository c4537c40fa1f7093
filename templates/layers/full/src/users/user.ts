/** A user as the rest of the service sees it: never with the password or its hash. */
export interface User {
  id: number;
  email: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Limits of the input, shared by the HTTP schemas and the services (the e-mail's: src/platform/email.ts). */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
