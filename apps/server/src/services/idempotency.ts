import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import type { Clock } from "../ports/clock.ts";
import { DomainError } from "./domain-error.ts";

/** How long a key and its answer are kept: a repeat after that is a new call. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How long a repeat waits for the first call to be answered (a double click arrives while the first is running). */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 100;
const SWEEP_EVERY_CLAIMS = 100;

export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

/** `first`: the caller answers the call and then completes or releases the key; `replay`: answer this instead. */
export type IdempotencyClaim = { kind: "first" } | { kind: "replay"; answer: StoredAnswer };

/**
 * Create calls repeated with the same key (a double click, a retry after a lost answer) make one object: the first
 * call claims the key, the others wait for its answer and get the same one. The key belongs to a user and to one
 * request: the same key with another route or body is refused (IDEMPOTENCY_KEY_REUSED). Only successful answers are
 * kept; after a failure the key is free again, so a retry can succeed. Kept in the database, so it holds across
 * server processes.
 */
export function createIdempotency(db: Db, clock: Clock) {
  let claims = 0;
  const keyOf = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    async claim(userId: string, key: string, route: string, requestHash: string): Promise<IdempotencyClaim> {
      claims += 1;
      if (claims % SWEEP_EVERY_CLAIMS === 0) {
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, clock.now()));
      }
      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const now = clock.now();
        const inserted = await db
          .insert(idempotencyKeys)
          .values({
            userId,
            key,
            route,
            requestHash,
            createdAt: now,
            expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length > 0) return { kind: "first" };
        const [row] = await db.select().from(idempotencyKeys).where(keyOf(userId, key)).limit(1);
        // The first call failed and let the key go in the meantime: try to claim it again.
        if (!row) continue;
        if (row.expiresAt <= now) {
          await db.delete(idempotencyKeys).where(and(keyOf(userId, key), lt(idempotencyKeys.expiresAt, now)));
          continue;
        }
        if (row.route !== route || row.requestHash !== requestHash) throw new DomainError("IDEMPOTENCY_KEY_REUSED");
        if (row.statusCode !== null && row.body !== null) {
          return {
            kind: "replay",
            answer: { statusCode: row.statusCode, contentType: row.contentType, body: row.body },
          };
        }
        if (Date.now() >= waitUntil) throw new DomainError("SERVER_BUSY");
        await sleep(POLL_MS);
      }
    },

    /** Keeps the answer of a first call for its repeats. */
    async complete(userId: string, key: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: answer.statusCode, contentType: answer.contentType, body: answer.body })
        .where(keyOf(userId, key));
    },

    /** Frees the key of a first call that failed, so that a retry is a new attempt. */
    async release(userId: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(keyOf(userId, key), isNull(idempotencyKeys.statusCode)));
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
