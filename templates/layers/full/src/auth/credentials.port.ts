import type { User } from "../users/user.ts";

/** What signing in reads: a live user and their password hash, by e-mail (normalised). */
export interface CredentialRepository {
  findCredentials(email: string): Promise<{ user: User; passwordHash: string } | undefined>;
}
