import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { auditEvents, subscriptions, users } from "../db/schema/index.ts";
import { DomainError } from "./domain-error.ts";

/**
 * Grants premium time (until payments arrive, an admin does it by hand): days are added to the time left, or to
 * now when none is left, in one statement so two grants at once both count. Every grant is audited.
 */
export async function grantPremium(
  db: Db,
  input: { actorId: string; userId?: string; email?: string; days: number; now: Date },
): Promise<{ userId: string; premiumUntil: Date }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(input.userId ? eq(users.id, input.userId) : sql`lower(${users.email}) = lower(${input.email ?? ""})`);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId: user.id, premiumUntil: sql`${input.now}::timestamptz + make_interval(days => ${input.days})` })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: {
          premiumUntil: sql`greatest(${subscriptions.premiumUntil}, ${input.now}::timestamptz) + make_interval(days => ${input.days})`,
          updatedAt: input.now,
        },
      })
      .returning({ premiumUntil: subscriptions.premiumUntil });
    await tx.insert(auditEvents).values({
      actorUserId: input.actorId,
      action: "subscription.grant",
      targetType: "user",
      targetId: user.id,
      details: { days: input.days, premiumUntil: row!.premiumUntil.toISOString() },
    });
    return { userId: user.id, premiumUntil: row!.premiumUntil };
  });
}

/** When the user's premium time ends (past or future), or null when they never had any. */
export async function premiumUntil(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ premiumUntil: subscriptions.premiumUntil })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.premiumUntil ?? null;
}
