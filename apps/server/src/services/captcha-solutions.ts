import { lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { captchaSolutions } from "../db/schema/index.ts";
import type { SolutionStore } from "../ports/captcha.ts";
import type { Clock } from "../ports/clock.ts";

/** Solved ALTCHA challenges in the database: the unique nonce makes a replay fail in every process. */
export function createSolutionStore(db: Db, clock: Clock): SolutionStore {
  return {
    async markUsed(nonce, expiresAt) {
      // Challenges expire after minutes, so the rows of expired ones are few and can go at once.
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, clock.now()));
      const inserted = await db
        .insert(captchaSolutions)
        .values({ nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: captchaSolutions.nonce });
      return inserted.length === 1;
    },
  };
}
