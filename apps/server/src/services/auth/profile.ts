import type { Language, ProfileResponse } from "@handfont/contract";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { emailTokens, oauthAccounts, users } from "../../db/schema/index.ts";
import { DomainError } from "../domain-error.ts";
import { type AccountDeps, LIMITS, type RequestContext } from "./context.ts";
import { assertPasswordAllowed } from "./passwords.ts";
import { type SignedIn, startSession } from "./signin.ts";
import { findUserByEmail, findUserById, type UserRow, viewOfUser } from "./users.ts";

async function existingUser(deps: Pick<AccountDeps, "db">, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  // A valid access token of a deleted account: the client should sign in again.
  if (!user) throw new DomainError("UNAUTHORIZED");
  return user;
}

/** The signed-in user's profile, with the address waiting for confirmation if an e-mail change is under way. */
export async function getProfile(deps: Pick<AccountDeps, "db" | "clock">, userId: string): Promise<ProfileResponse> {
  const user = await existingUser(deps, userId);
  const now = deps.clock.now();
  const [pending] = await deps.db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, "change_email"),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  const links = await deps.db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId));
  return {
    ...(await viewOfUser(deps.db, user, now)),
    pendingEmail: pending?.newEmail ?? null,
    googleLinked: links.some((link) => link.provider === "google"),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Password checks of the profile calls; a wrong one is a 400, never a 401 (which would make the client refresh). */
async function assertCurrentPassword(
  deps: Pick<AccountDeps, "hasher">,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!user.passwordHash) return;
  if (password === undefined || !(await deps.hasher.verify(user.passwordHash, password))) {
    throw new DomainError("WRONG_PASSWORD");
  }
}

/**
 * Starts an e-mail change: a confirmation link to the new address (the change happens when it is followed) and a
 * notice to the old one. Accounts with a password must give it.
 */
export async function changeEmail(
  deps: Pick<AccountDeps, "db" | "hasher" | "limiter" | "emailTokens" | "mail">,
  userId: string,
  input: { email: string; password?: string | undefined },
): Promise<void> {
  await deps.limiter.hit(LIMITS.profileAccount, userId);
  const user = await existingUser(deps, userId);
  await assertCurrentPassword(deps, user, input.password);
  if (input.email.toLowerCase() === user.email.toLowerCase()) throw new DomainError("EMAIL_UNCHANGED");
  if (await findUserByEmail(deps.db, input.email)) throw new DomainError("EMAIL_EXISTS");
  deps.mail.confirmNewEmail(user, input.email, await deps.emailTokens.issue(user.id, "change_email", input.email));
  deps.mail.emailChangedNotice(user, input.email);
}

/**
 * Changes the password: every session of the account ends (stolen ones too), and the caller gets a fresh one so
 * it stays signed in.
 */
export async function changePassword(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "limiter" | "sessions" | "tokens" | "mail">,
  userId: string,
  input: { oldPassword: string; newPassword: string },
  context: RequestContext,
): Promise<SignedIn> {
  await deps.limiter.hit(LIMITS.profileAccount, userId);
  const user = await existingUser(deps, userId);
  if (!user.passwordHash) throw new DomainError("WRONG_PASSWORD");
  await assertCurrentPassword(deps, user, input.oldPassword);
  assertPasswordAllowed(input.newPassword);
  const [updated] = await deps.db
    .update(users)
    .set({ passwordHash: await deps.hasher.hash(input.newPassword), passwordChangedAt: deps.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  await deps.sessions.endAll(userId, "password-change");
  deps.mail.passwordChanged(user);
  return startSession(deps, updated ?? user, context);
}

/** Gives a password to an account made through Google, so it can also sign in with username or e-mail. */
export async function addPassword(
  deps: Pick<AccountDeps, "db" | "clock" | "hasher" | "limiter">,
  userId: string,
  password: string,
): Promise<void> {
  await deps.limiter.hit(LIMITS.profileAccount, userId);
  const user = await existingUser(deps, userId);
  if (user.passwordHash) throw new DomainError("PASSWORD_ALREADY_SET");
  assertPasswordAllowed(password);
  await deps.db
    .update(users)
    .set({ passwordHash: await deps.hasher.hash(password), passwordChangedAt: deps.clock.now() })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)));
}

/** Stores the interface language of a user; their mails use it. */
export async function setLocale(deps: Pick<AccountDeps, "db">, userId: string, language: Language): Promise<void> {
  await deps.db.update(users).set({ locale: language }).where(eq(users.id, userId));
}
