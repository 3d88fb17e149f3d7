import type { SignUpRequest } from "@handfont/contract";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { DomainError } from "../domain-error.ts";
import {
  type AccountDeps,
  LIMITS,
  type RequestContext,
  requireCaptcha,
  SIGNUPS_BEFORE_HARD_CAPTCHA,
} from "./context.ts";
import { assertPasswordAllowed } from "./passwords.ts";
import { findUserById, rolesAfterConfirming, type UserRow, uniqueViolation } from "./users.ts";

/**
 * Creates an account and mails its confirmation link. Spec §4: the user stays logged out until the address is
 * confirmed. Order matters: the captcha and the limits come before anything costly or revealing; the per-address limit
 * counts only attempts with a solved captcha, so nobody can use up the share of a classroom behind one address.
 */
export async function signUp(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "captcha" | "limiter" | "emailTokens" | "mail">,
  input: SignUpRequest,
  context: RequestContext,
): Promise<{ id: string }> {
  const captcha = await requireCaptcha(deps.captcha, input.recaptca, context);
  // Past a classroom's worth of accounts from one address, each further one costs several times the work.
  if (!captcha.hard && (await deps.limiter.peek(LIMITS.signUpIp, context.ip)) >= SIGNUPS_BEFORE_HARD_CAPTCHA) {
    throw new DomainError("CAPTCHA", { hardCaptcha: true }, "a hardened captcha is needed");
  }
  await deps.limiter.hit(LIMITS.signUpIp, context.ip);
  await deps.limiter.hit(LIMITS.signUpAccount, input.email.toLowerCase());
  assertPasswordAllowed(input.password);
  await assertAvailable(deps, input.username, input.email);
  const passwordHash = await deps.hasher.hash(input.password);
  let user: UserRow;
  try {
    [user] = (await deps.db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        locale: context.language,
        createdAt: deps.clock.now(),
      })
      .returning()) as [UserRow];
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, and the loser gets the same typed error.
    const index = uniqueViolation(error);
    if (index === null) throw error;
    throw index.includes("email") ? new DomainError("EMAIL_EXISTS") : new DomainError("USERNAME_EXISTS");
  }
  deps.mail.confirmEmail(user, await deps.emailTokens.issue(user.id, "confirm"));
  return { id: user.id };
}

async function assertAvailable(deps: Pick<AccountDeps, "db">, username: string, email: string): Promise<void> {
  const taken = await deps.db
    .select({
      email: sql<boolean>`lower(${users.email}) = ${email.toLowerCase()}`,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${username.toLowerCase()}`);
  if (taken.some((row) => row.email)) throw new DomainError("EMAIL_EXISTS");
  if (taken.length > 0) throw new DomainError("USERNAME_EXISTS");
}

/** Mails a new confirmation link to an unconfirmed account; answers nothing either way (no account probing). */
export async function resendConfirmation(
  deps: Pick<AccountDeps, "db" | "limiter" | "emailTokens" | "mail">,
  userId: string,
  context: RequestContext,
): Promise<void> {
  await deps.limiter.hit(LIMITS.resendIp, context.ip);
  await deps.limiter.hit(LIMITS.resendAccount, userId);
  const user = await findUserById(deps.db, userId);
  if (!user || user.emailConfirmedAt) return;
  deps.mail.confirmEmail(user, await deps.emailTokens.issue(user.id, "confirm"));
}

export type ConfirmedLink = { kind: "signup" | "emailChange"; user: UserRow };

/**
 * Follows a mailed link: confirms the address of a new account, or moves an account to the new address it asked
 * for. ADMIN_EMAILS grants ADMIN here. Throws TOKEN_INVALID (or EMAIL_EXISTS when the new address was taken since).
 */
export async function confirmLink(
  deps: Pick<AccountDeps, "db" | "clock" | "emailTokens" | "adminEmails">,
  token: string,
): Promise<ConfirmedLink> {
  const row = await deps.emailTokens.consume(token, ["confirm", "change_email"]);
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new DomainError("TOKEN_INVALID");
  const now = deps.clock.now();
  if (row.purpose === "confirm") {
    const [updated] = await deps.db
      .update(users)
      .set({
        emailConfirmedAt: user.emailConfirmedAt ?? now,
        roles: rolesAfterConfirming(user.roles, user.email, deps.adminEmails),
      })
      .where(eq(users.id, user.id))
      .returning();
    return { kind: "signup", user: updated ?? user };
  }
  const newEmail = row.newEmail ?? "";
  try {
    const [updated] = await deps.db
      .update(users)
      .set({
        email: newEmail,
        emailConfirmedAt: now,
        roles: rolesAfterConfirming(user.roles, newEmail, deps.adminEmails),
      })
      .where(eq(users.id, user.id))
      .returning();
    return { kind: "emailChange", user: updated ?? user };
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new DomainError("EMAIL_EXISTS");
    throw error;
  }
}
