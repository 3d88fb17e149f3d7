import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { type AccountDeps, LIMITS, type RequestContext } from "./context.ts";
import { assertPasswordAllowed } from "./passwords.ts";
import { findUserByEmail, findUserById } from "./users.ts";

/**
 * Mails a password-reset link when the address has an account; the caller answers 204 either way. Requests from one
 * address are limited; requests for one mailbox are not refused (that would let anyone block the owner's reset) but
 * past a few mails no further one is sent: the links already mailed all work until one of them is used.
 */
export async function requestPasswordReset(
  deps: Pick<AccountDeps, "db" | "limiter" | "emailTokens" | "mail">,
  email: string,
  context: RequestContext,
): Promise<void> {
  await deps.limiter.hit(LIMITS.forgotIp, context.ip);
  if ((await deps.limiter.count(LIMITS.forgotAccount, email.toLowerCase())) > LIMITS.forgotAccount.limit) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  deps.mail.resetPassword(user, await deps.emailTokens.issue(user.id, "reset"));
}

/**
 * Sets a new password from a reset link. The link proves the mailbox, so it also confirms the address. Every session
 * of the account ends. The rule is checked before the link is used up, so a refused password keeps the link working.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "limiter" | "emailTokens" | "mail" | "sessions">,
  token: string,
  password: string,
  context: RequestContext,
): Promise<void> {
  await deps.limiter.hit(LIMITS.resetIp, context.ip);
  assertPasswordAllowed(password);
  const row = await deps.emailTokens.consume(token, ["reset"]);
  const user = await findUserById(deps.db, row.userId);
  if (!user) return;
  const now = deps.clock.now();
  await deps.db
    .update(users)
    .set({
      passwordHash: await deps.hasher.hash(password),
      passwordChangedAt: now,
      emailConfirmedAt: user.emailConfirmedAt ?? now,
    })
    .where(eq(users.id, user.id));
  await deps.sessions.endAll(user.id, "password-reset");
  deps.mail.passwordChanged(user);
}
