/** The longest e-mail address a user may have (every template stores it in a 255-character column). */
export const EMAIL_MAX_LENGTH = 255;

/** One spelling per address (trimmed, lower-cased), so identity does not depend on the database's collation. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
