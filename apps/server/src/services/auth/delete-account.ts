import { eq } from "drizzle-orm";
import { auditEvents, users } from "../../db/schema/index.ts";
import { DomainError } from "../domain-error.ts";
import { type AccountDeps, LIMITS } from "./context.ts";
import { findUserById } from "./users.ts";

/** Erases what one feature keeps of a user (the workspace's fonts, templates, uploads and their files). */
export type OwnedDataEraser = (userId: string) => Promise<void>;

/**
 * Deletes an account with all its data (privacy page: "your account, your content and your sessions are deleted").
 * The user confirms with their username and, when the account has one, the password. Each feature's data goes
 * first; then the user row, whose foreign keys take sessions, mail tokens, Google links and premium time with it.
 * An audit entry keeps only that the account was deleted, by itself, and when.
 */
export async function deleteAccount(
  deps: Pick<AccountDeps, "db" | "hasher" | "limiter" | "sessions">,
  userId: string,
  input: { username: string; password?: string | undefined },
  erasers: readonly OwnedDataEraser[],
): Promise<void> {
  await deps.limiter.hit(LIMITS.profileAccount, userId);
  const user = await findUserById(deps.db, userId);
  // A valid access token of an account deleted meanwhile: the client should sign in again.
  if (!user) throw new DomainError("UNAUTHORIZED");
  if (input.username.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new DomainError("CONFIRMATION_MISMATCH");
  }
  if (user.passwordHash) {
    if (input.password === undefined || !(await deps.hasher.verify(user.passwordHash, input.password))) {
      throw new DomainError("WRONG_PASSWORD");
    }
  }
  // Its sessions end first, so its access tokens stop at once on every device.
  await deps.sessions.endAll(user.id, "account-deleted");
  for (const erase of erasers) await erase(user.id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
    await tx.insert(auditEvents).values({
      actorUserId: user.id,
      action: "account.delete",
      targetType: "user",
      targetId: user.id,
      details: {},
    });
  });
}
