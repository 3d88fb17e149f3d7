import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { subscriptions } from "../db/schema/index.ts";

/** True while the user's premium time lies in the future (spec §4: a failed check means not premium). */
export async function isPremium(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.premiumUntil, now)))
    .limit(1);
  return rows.length === 1;
}
