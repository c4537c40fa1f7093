/** Access checks with the host application's `auth(c)`: missing user -> 401, missing role -> 403. */
import type { Context } from "hono";
import { HttpError } from "./errors.ts";
import type { AccessRule } from "./model.ts";
import type { AuthFunction, AuthUser } from "./types.ts";

/**
 * Checks the rule and returns the user. On a public rule `auth` is only asked when the caller wants the user (audit
 * columns), so public reads never pay for token verification.
 */
export async function authorize(
  c: Context,
  rule: AccessRule,
  auth: AuthFunction | undefined,
  wantUser = false,
): Promise<AuthUser | undefined> {
  if (rule.level === "PUBLIC" && !wantUser) return undefined;
  const user = auth ? ((await auth(c)) ?? undefined) : undefined;
  if (rule.level === "PUBLIC") return user;
  if (!user) throw new HttpError(401, "Authentication required", undefined, { "www-authenticate": "Bearer" });
  if (rule.level === "ROLE_BASED" && !rule.roles.some((role) => user.roles.includes(role))) {
    throw new HttpError(403, "Access denied");
  }
  return user;
}
