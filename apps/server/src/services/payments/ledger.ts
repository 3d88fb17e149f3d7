import type { LedgerLine } from "@handfont/contract";
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { entitlementLedger } from "../../db/schema/index.ts";
import type { Executor } from "../workspace-context.ts";

export type LedgerRow = typeof entitlementLedger.$inferSelect;
export type NewLedgerLine = typeof entitlementLedger.$inferInsert;

const DAY_MS = 86_400_000;

/** Adds calendar months in UTC; a day that the target month lacks becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * How much of each payment was refunded: the sum of its refund lines (each line is one refund at the provider,
 * written once however often its news comes). A refund line without an amount refunds everything.
 */
export function refundedAmounts(lines: readonly LedgerRow[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== "refund" || !line.paymentRef) continue;
    const amount = line.amountMinor ?? Number.POSITIVE_INFINITY;
    totals.set(line.paymentRef, (totals.get(line.paymentRef) ?? 0) + amount);
  }
  return totals;
}

/** True when the refunds of a line's payment reach what the line was paid (or the line has no price). */
const fullyRefunded = (line: LedgerRow, refunded: number) =>
  refunded > 0 && (line.amountMinor === null || refunded >= line.amountMinor);

/**
 * Whole days a partial refund takes back from the time a line gave: the refunded share of it, rounded up, so the
 * user never keeps time for money that came back (ceil(days × refunded / paid), in integers).
 */
export function refundedDays(givenDays: number, refundedMinor: number, paidMinor: number): number {
  if (givenDays <= 0 || refundedMinor <= 0) return 0;
  if (refundedMinor >= paidMinor) return givenDays;
  return Math.floor((givenDays * refundedMinor + paidMinor - 1) / paidMinor);
}

/**
 * When premium ends, folded over the ledger in the order the lines were written: time bought or granted starts at
 * the later of the line's moment and the current end (buying again extends), a removal shortens the end, a
 * subscription period reaches at least its period end. A fully refunded line counts as if it had never been
 * written; a partly refunded one gives its time minus the refunded share (refundedDays), wherever in the ledger the
 * refunds were written.
 */
export function premiumEnd(lines: readonly LedgerRow[]): Date | null {
  const refunds = refundedAmounts(lines);
  const ordered = [...lines].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  let end: Date | null = null;
  for (const line of ordered) {
    if (line.kind === "refund") continue;
    const refunded = line.paymentRef ? (refunds.get(line.paymentRef) ?? 0) : 0;
    if (fullyRefunded(line, refunded)) continue;
    const at = line.createdAt;
    // Where the time this line adds begins: nothing it gives lies before the current end or its own moment.
    const givenFrom: Date = end && end > at ? end : at;
    if (line.until) {
      if (!end || line.until > end) end = line.until;
    }
    if (line.months) end = addMonths(end && end > at ? end : at, line.months);
    if (line.days) {
      const from: Date = line.days > 0 ? (end && end > at ? end : at) : (end ?? at);
      end = new Date(from.getTime() + line.days * DAY_MS);
    }
    if (refunded > 0 && end && end > givenFrom && line.amountMinor !== null) {
      const given = Math.round((end.getTime() - givenFrom.getTime()) / DAY_MS);
      const taken = refundedDays(given, refunded, line.amountMinor);
      end = new Date(Math.max(givenFrom.getTime(), end.getTime() - taken * DAY_MS));
    }
  }
  return end;
}

/** A user's lines, with the refunds of their payments (a refund may have arrived before it knew the user). */
export async function ledgerOf(db: Executor, userId: string): Promise<LedgerRow[]> {
  const own = db
    .select({ ref: entitlementLedger.paymentRef })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.userId, userId), isNotNull(entitlementLedger.paymentRef)));
  return db
    .select()
    .from(entitlementLedger)
    .where(
      or(
        eq(entitlementLedger.userId, userId),
        and(eq(entitlementLedger.kind, "refund"), inArray(entitlementLedger.paymentRef, own)),
      ),
    );
}

export type PremiumState = { premiumUntil: Date | null; isPremium: boolean; lines: LedgerRow[] };

/** Premium state derived from the ledger at a moment. */
export async function premiumState(db: Executor, userId: string, now: Date): Promise<PremiumState> {
  const lines = await ledgerOf(db, userId);
  const premiumUntil = premiumEnd(lines);
  return { premiumUntil, isPremium: premiumUntil !== null && premiumUntil > now, lines };
}

/** What the refund lines of one payment add up to (Infinity when one of them has no amount: everything). */
export async function refundedMinor(db: Executor, paymentRef: string): Promise<number> {
  const lines = await db
    .select({ amountMinor: entitlementLedger.amountMinor })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.kind, "refund"), eq(entitlementLedger.paymentRef, paymentRef)));
  return lines.reduce((sum, line) => sum + (line.amountMinor ?? Number.POSITIVE_INFINITY), 0);
}

/** Appends a line unless one with its source key exists; true when this call wrote it (so it grants once). */
export async function appendLine(db: Executor, line: NewLedgerLine): Promise<LedgerRow | null> {
  const [row] = await db.insert(entitlementLedger).values(line).onConflictDoNothing().returning();
  return row ?? null;
}

/** What refunds gave back of a line's price, at most that price (a refund without an amount gives all of it). */
const refundedOf = (line: LedgerRow, refunds: Map<string, number>) => {
  const refunded = refunds.get(line.paymentRef ?? "") ?? 0;
  return line.amountMinor === null ? 0 : Math.min(refunded, line.amountMinor);
};

/** The ledger as its owner sees it, newest first. */
export function presentLines(lines: readonly LedgerRow[]): LedgerLine[] {
  const refunds = refundedAmounts(lines);
  return [...lines]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((line) => ({
      id: line.id,
      kind: line.kind,
      at: line.createdAt.toISOString(),
      months: line.months,
      days: line.days,
      until: line.until?.toISOString() ?? null,
      provider: line.provider,
      price:
        line.amountMinor !== null && line.currency ? { amountMinor: line.amountMinor, currency: line.currency } : null,
      refunded:
        line.kind !== "refund" && line.paymentRef !== null && fullyRefunded(line, refunds.get(line.paymentRef) ?? 0),
      refundedMinor: line.kind !== "refund" && line.paymentRef !== null ? refundedOf(line, refunds) : 0,
      reason: line.reason,
    }));
}

/** Premium ends of many users at once (the admin's user search). */
export async function premiumEnds(db: Db, userIds: readonly string[]): Promise<Map<string, Date | null>> {
  const result = new Map<string, Date | null>();
  for (const userId of userIds) result.set(userId, premiumEnd(await ledgerOf(db, userId)));
  return result;
}
