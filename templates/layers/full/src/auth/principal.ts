/** Who is calling: a live user, as `requireAuth` resolved them from the access token. */
export interface Principal {
  id: number;
  email: string;
  /** E-mail listed in ADMIN_EMAILS: may change and delete every user. */
  isAdmin: boolean;
}
