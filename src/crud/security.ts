/** Access checks with the host application's `auth(c)`: missing user -> 401, missing role -> 403. */
import type { Context } from "hono";
import { HttpError } from "./errors.ts";
import type { AccessRule, ResourceModel } from "./model.ts";
import type { AuthFunction, AuthUser } from "./types.ts";

const users = new WeakMap<Context, Promise<AuthUser | undefined>>();

/** The caller, asking `auth` at most once per request (the handler's check and relation expansion share it). */
function currentUser(c: Context, auth: AuthFunction | undefined): Promise<AuthUser | undefined> {
  let user = users.get(c);
  if (!user) {
    user = auth ? Promise.resolve(auth(c)).then((found) => found ?? undefined) : Promise.resolve(undefined);
    users.set(c, user);
  }
  return user;
}

function hasRole(rule: AccessRule, user: AuthUser): boolean {
  return rule.roles.some((role) => user.roles.includes(role));
}

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
  const user = await currentUser(c, auth);
  if (rule.level === "PUBLIC") return user;
  if (!user) throw new HttpError(401, "Authentication required", undefined, { "www-authenticate": "Bearer" });
  if (rule.level === "ROLE_BASED" && !hasRole(rule, user)) throw new HttpError(403, "Access denied");
  return user;
}

/** Whether the caller may read a resource (its `readLevel`); relation expansion embeds only such resources. */
export type ReadAccess = (model: ResourceModel) => Promise<boolean>;

export function readAccess(c: Context, auth: AuthFunction | undefined): ReadAccess {
  return async (model) => {
    const rule = model.read;
    if (rule.level === "PUBLIC") return true;
    const user = await currentUser(c, auth);
    return !!user && (rule.level === "AUTHENTICATED" || hasRole(rule, user));
  };
}
