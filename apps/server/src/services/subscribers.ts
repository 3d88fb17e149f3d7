import { randomUUID } from "node:crypto";
import type { AdminUser, Role } from "@handfont/contract";
import { eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { auditEvents, users } from "../db/schema/index.ts";
import { DomainError } from "./domain-error.ts";
import { appendLine, premiumEnds, premiumState } from "./payments/ledger.ts";
import { isUuid } from "./workspace-context.ts";

/**
 * An admin gives premium time (positive days) or takes it away (negative) with a reason: one ledger line and one
 * audit event, written together.
 */
export async function adjustPremium(
  db: Db,
  input: { actorId: string; userId?: string; email?: string; days: number; reason: string; now: Date },
): Promise<{ userId: string; premiumUntil: Date | null; isPremium: boolean }> {
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(input.userId ? eq(users.id, input.userId) : sql`lower(${users.email}) = lower(${input.email ?? ""})`);
    if (!user) throw new DomainError("USER_NOT_FOUND");
    const actionId = randomUUID();
    await appendLine(tx, {
      userId: user.id,
      kind: input.days > 0 ? "grant" : "removal",
      sourceKey: `admin:${actionId}`,
      days: input.days,
      reason: input.reason,
      actorUserId: input.actorId,
      createdAt: input.now,
    });
    await tx.insert(auditEvents).values({
      actorUserId: input.actorId,
      action: input.days > 0 ? "premium.grant" : "premium.remove",
      targetType: "user",
      targetId: user.id,
      details: { days: input.days, reason: input.reason, ledgerSource: `admin:${actionId}` },
    });
    return user.id;
  });
  const state = await premiumState(db, userId, input.now);
  return { userId, premiumUntil: state.premiumUntil, isPremium: state.isPremium };
}

/** Users whose e-mail or username contains the query, or whose id it is (at most 20), with their premium end. */
export async function findUsers(db: Db, query: string, now: Date): Promise<AdminUser[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, roles: users.roles })
    .from(users)
    .where(
      or(ilike(users.email, pattern), ilike(users.username, pattern), ...(isUuid(query) ? [eq(users.id, query)] : [])),
    )
    .orderBy(users.email)
    .limit(20);
  const ends = await premiumEnds(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const end = ends.get(row.id) ?? null;
    return { ...row, premiumUntil: end?.toISOString() ?? null, isPremium: end !== null && end > now };
  });
}

/**
 * Sets a user's role (our reading of the spec's `POST /user/{a}/{b}`): ADMIN gives USER and ADMIN, USER leaves
 * USER only. An admin cannot demote themselves, so an instance never loses its last admin by a slip. Audited.
 */
export async function setRole(
  db: Db,
  input: { actorId: string; userId: string; role: Role },
): Promise<{ id: string; roles: Role[] }> {
  if (input.actorId === input.userId && input.role !== "ADMIN") throw new DomainError("CANNOT_DEMOTE_SELF");
  const roles: Role[] = input.role === "ADMIN" ? ["USER", "ADMIN"] : ["USER"];
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ roles }).where(eq(users.id, input.userId)).returning({ id: users.id });
    if (!row) throw new DomainError("USER_NOT_FOUND");
    await tx.insert(auditEvents).values({
      actorUserId: input.actorId,
      action: "user.role",
      targetType: "user",
      targetId: row.id,
      details: { roles },
    });
    return { id: row.id, roles };
  });
}
