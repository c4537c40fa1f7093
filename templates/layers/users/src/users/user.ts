/** A user: an e-mail address (unique among the users not deleted) and an optional name. */
export interface User {
  id: number;
  email: string;
  name: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Limits of the input, shared by the API's schemas and the services (the e-mail's: src/platform/email.ts). */
export const NAME_MAX_LENGTH = 100;

/** What creating or changing a user takes: a missing name is stored as null. */
export interface UserInput {
  email: string;
  name?: string | null;
}
