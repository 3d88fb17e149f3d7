import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { oauthAccounts, users } from "../../db/schema/index.ts";
import type { IdentityClaims } from "../../ports/openid.ts";
import { DomainError } from "../domain-error.ts";
import type { AccountDeps, RequestContext } from "./context.ts";
import { type SignedIn, startSession } from "./signin.ts";
import { findUserByEmail, findUserById, rolesAfterConfirming, type UserRow, uniqueViolation } from "./users.ts";

const PROVIDER = "google";

/** A session, or an account whose address must first be confirmed by mail (the spec's suppressed confirmEmail). */
export type GoogleSignInResult = { kind: "session"; signedIn: SignedIn } | { kind: "confirmEmail" };

/**
 * Signs in with a Google identity. The stable key is `sub`; the e-mail links to an existing account only when Google
 * says it is verified (a strict `true`). Linking to an account whose address was never confirmed also drops its
 * password: whoever registered it without proving the mailbox must not keep a way in (account pre-hijacking).
 */
export async function signInWithGoogle(
  deps: Pick<AccountDeps, "db" | "clock" | "sessions" | "tokens" | "emailTokens" | "mail" | "adminEmails">,
  claims: IdentityClaims,
  context: RequestContext,
): Promise<GoogleSignInResult> {
  const verified = claims.email_verified === true;
  const [link] = await deps.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, PROVIDER), eq(oauthAccounts.subject, claims.sub)))
    .limit(1);
  const linked = link ? await findUserById(deps.db, link.userId) : null;
  if (linked) return finish(deps, linked, context);
  if (!claims.email) throw new DomainError("SOCIAL_LOGIN_FAILED", {}, "identity without an e-mail address");

  const existing = await findUserByEmail(deps.db, claims.email);
  if (existing) {
    if (!verified) throw new DomainError("EMAIL_NOT_VERIFIED_AT_PROVIDER");
    const user = existing.emailConfirmedAt ? existing : await takeOverUnconfirmed(deps, existing);
    await addLink(deps, user.id, claims);
    return finish(deps, user, context);
  }

  const now = deps.clock.now();
  const user = await createUser(deps, {
    username: await freeUsername(deps, claims),
    email: claims.email,
    passwordHash: null,
    emailConfirmedAt: verified ? now : null,
    roles: verified ? rolesAfterConfirming(["USER"], claims.email, deps.adminEmails) : ["USER"],
    locale: context.language,
    createdAt: now,
  });
  await addLink(deps, user.id, claims);
  return finish(deps, user, context);
}

async function finish(
  deps: Pick<AccountDeps, "db" | "clock" | "sessions" | "tokens" | "emailTokens" | "mail">,
  user: UserRow,
  context: RequestContext,
): Promise<GoogleSignInResult> {
  if (!user.emailConfirmedAt) {
    deps.mail.confirmEmail(user, await deps.emailTokens.issue(user.id, "confirm"));
    return { kind: "confirmEmail" };
  }
  return { kind: "session", signedIn: await startSession(deps, user, context) };
}

async function takeOverUnconfirmed(
  deps: Pick<AccountDeps, "db" | "clock" | "sessions" | "adminEmails">,
  user: UserRow,
): Promise<UserRow> {
  const [updated] = await deps.db
    .update(users)
    .set({
      passwordHash: null,
      emailConfirmedAt: deps.clock.now(),
      roles: rolesAfterConfirming(user.roles, user.email, deps.adminEmails),
    })
    .where(eq(users.id, user.id))
    .returning();
  await deps.sessions.endAll(user.id, "google-link");
  return updated ?? user;
}

async function addLink(deps: Pick<AccountDeps, "db">, userId: string, claims: IdentityClaims): Promise<void> {
  await deps.db
    .insert(oauthAccounts)
    .values({ provider: PROVIDER, subject: claims.sub, userId, email: claims.email ?? null })
    .onConflictDoNothing();
}

async function createUser(deps: Pick<AccountDeps, "db">, values: typeof users.$inferInsert): Promise<UserRow> {
  try {
    const [user] = await deps.db.insert(users).values(values).returning();
    return user!;
  } catch (error) {
    if (uniqueViolation(error)?.includes("email")) throw new DomainError("EMAIL_EXISTS");
    throw error;
  }
}

/** A username from the Google name or the e-mail's local part, with a number added until it is free. */
async function freeUsername(deps: Pick<AccountDeps, "db">, claims: IdentityClaims): Promise<string> {
  const source = claims.name || claims.email?.split("@")[0] || "user";
  const base = (
    source
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}._-]+/gu, "")
      .slice(0, 24) || "user"
  ).padEnd(3, "0");
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 10_000_000)}`;
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`)
      .limit(1);
    if (!taken) return candidate;
  }
  // Not the user's fault: the callback answers SOCIAL_LOGIN_FAILED and logs this.
  throw new Error("no free username for a Google sign-in");
}
