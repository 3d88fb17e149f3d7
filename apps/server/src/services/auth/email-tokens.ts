import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { emailTokens } from "../../db/schema/index.ts";
import type { Clock } from "../../ports/clock.ts";
import { DomainError } from "../domain-error.ts";

export type EmailTokenPurpose = "confirm" | "reset" | "change_email";

/** How long each mailed link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm: 24 * 3600_000,
  reset: 3600_000,
  change_email: 24 * 3600_000,
};

export type EmailTokenRow = typeof emailTokens.$inferSelect;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Single-use random tokens of mailed links, stored as SHA-256 hashes with an expiry. */
export interface EmailTokens {
  /**
   * A new token. It replaces (uses up) earlier unused tokens of the same purpose for that user, except reset links:
   * those all stay valid until one is used, so reset requests by someone else cannot void the owner's link.
   */
  issue(userId: string, purpose: EmailTokenPurpose, newEmail?: string): Promise<string>;
  /** Uses a token up atomically and returns its row; throws TOKEN_INVALID when unknown, used, expired or misused. */
  consume(token: string, purposes: readonly EmailTokenPurpose[]): Promise<EmailTokenRow>;
  /** The row of a token whatever its state (to answer an invalid link in its owner's language), or null. */
  find(token: string): Promise<EmailTokenRow | null>;
}

async function useUpOthers(db: Db, userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export function createEmailTokens(db: Db, clock: Clock): EmailTokens {
  return {
    async issue(userId, purpose, newEmail) {
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (purpose !== "reset") await useUpOthers(tx as unknown as Db, userId, purpose, now);
        await tx.insert(emailTokens).values({
          userId,
          purpose,
          tokenHash: hashToken(token),
          newEmail: newEmail ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
        });
      });
      return token;
    },

    async consume(token, purposes) {
      const now = clock.now();
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            inArray(emailTokens.purpose, [...purposes]),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!row) throw new DomainError("TOKEN_INVALID");
      // One reset per set of mailed links: the others stop working once one is used.
      if (row.purpose === "reset") await useUpOthers(db, row.userId, "reset", now);
      return row;
    },

    async find(token) {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashToken(token)))
        .limit(1);
      return row ?? null;
    },
  };
}
