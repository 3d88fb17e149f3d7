import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rateLimits } from "../db/schema/index.ts";
import type { Clock } from "../ports/clock.ts";
import { DomainError } from "./domain-error.ts";

/** A limit: at most `limit` hits per `windowMs` for one subject (an IP, an account). */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit and throws RATE_LIMITED (429, with retryAfterSeconds) once the subject is over the limit. */
  hit(rule: RateRule, subject: string): Promise<void>;
  /** Counts one hit and answers the count of the current window, never refusing (for rules that escalate). */
  count(rule: RateRule, subject: string): Promise<number>;
  /** The count of the current window without counting (0 when there is none). */
  peek(rule: RateRule, subject: string): Promise<number>;
}

// Deleting windows that ended is housekeeping; doing it on every hit would double the writes.
const SWEEP_EVERY_HITS = 200;

/**
 * Fixed-window counters kept in the database: one atomic upsert per hit, so the limits hold across every server
 * process that shares a PostgreSQL database, and the embedded default needs no other service.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  let hits = 0;
  async function add(rule: RateRule, subject: string): Promise<{ count: number; expiresAt: Date; now: number }> {
    const now = clock.now().getTime();
    const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
    const windowEnd = new Date(windowStart.getTime() + rule.windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: `${rule.name}:${subject}`, windowStart, count: 1, expiresAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // A newer window starts over; a process whose clock lags behind still counts into the current one.
        set: {
          count: sql`case when excluded.window_start > ${rateLimits.windowStart} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`greatest(excluded.window_start, ${rateLimits.windowStart})`,
          expiresAt: sql`greatest(excluded.expires_at, ${rateLimits.expiresAt})`,
        },
      })
      .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
    hits += 1;
    if (hits % SWEEP_EVERY_HITS === 0) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)));
    return { count: row?.count ?? 1, expiresAt: row?.expiresAt ?? windowEnd, now };
  }
  return {
    async hit(rule, subject) {
      const { count, expiresAt, now } = await add(rule, subject);
      if (count > rule.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000));
        throw new DomainError("RATE_LIMITED", { retryAfterSeconds });
      }
    },
    async count(rule, subject) {
      return (await add(rule, subject)).count;
    },
    async peek(rule, subject) {
      const now = clock.now().getTime();
      const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
      const [row] = await db
        .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .from(rateLimits)
        .where(eq(rateLimits.key, `${rule.name}:${subject}`))
        .limit(1);
      return row && row.windowStart >= windowStart ? row.count : 0;
    },
  };
}
