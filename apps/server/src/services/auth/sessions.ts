import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { refreshTokens } from "../../db/schema/index.ts";
import type { Clock } from "../../ports/clock.ts";
import { DomainError } from "../domain-error.ts";

/** A session unused this long ends (idle expiry), and none lives longer than the absolute limit. */
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600_000;
/**
 * Two tabs of one browser refresh at the same moment with the same cookie: the second one presents a token the first
 * has just replaced. Within this window, from the same address and browser, it gets a token of its own instead of
 * ending the session; later, or from anywhere else, a replaced token is a reuse (RFC 9700 §4.14.2).
 */
export const REFRESH_GRACE_MS = 10_000;

export interface IssuedRefreshToken {
  /** The cookie value: `<familyId>.<256 random bits>`; only its SHA-256 is stored. */
  token: string;
  familyId: string;
  userId: string;
  /** When the browser should drop the cookie: the end of the family. */
  expiresAt: Date;
}

export interface SessionOrigin {
  ip: string;
  userAgent: string | undefined;
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The family id a refresh cookie names, without trusting it for anything but choosing an XSRF binding. */
export function familyOfToken(token: string | undefined): string | null {
  const family = token?.split(".")[0];
  return family && /^[0-9a-f-]{36}$/.test(family) ? family : null;
}

/** Refresh tokens with rotation and reuse detection (RFC 9700 §4.14.2). */
export interface Sessions {
  start(userId: string, origin: SessionOrigin): Promise<IssuedRefreshToken>;
  /**
   * Replaces a refresh token by a new one of the same family. Throws NO_SESSION, SESSION_EXPIRED, SESSION_REVOKED or,
   * when a token already replaced comes back, REFRESH_REUSE after revoking the whole family.
   */
  rotate(token: string, origin: SessionOrigin): Promise<IssuedRefreshToken>;
  /** Ends the session a token belongs to (logout); unknown tokens are ignored. */
  end(token: string): Promise<void>;
  /** Ends every session of a user (password change or reset). */
  endAll(userId: string, reason: string): Promise<void>;
}

export function createSessions(db: Db, clock: Clock): Sessions {
  async function revokeFamily(familyId: string, reason: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: clock.now(), revokeReason: reason })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** A token already replaced: a sibling within the grace window for the same client, else reuse of a stolen token. */
  async function rotateReplaced(row: RefreshTokenRow, origin: SessionOrigin): Promise<IssuedRefreshToken> {
    const [successor] = await db
      .select({ createdAt: refreshTokens.createdAt, ip: refreshTokens.ip, userAgent: refreshTokens.userAgent })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.replacedBy ?? row.id))
      .limit(1);
    const sameClient = successor?.ip === origin.ip && successor.userAgent === sessionUserAgent(origin);
    if (successor && sameClient && clock.now().getTime() - successor.createdAt.getTime() <= REFRESH_GRACE_MS) {
      return insertToken(db, clock, row, origin, randomUUID());
    }
    await revokeFamily(row.familyId, "reuse");
    throw new DomainError("REFRESH_REUSE");
  }

  return {
    start(userId, origin) {
      const familyExpiresAt = new Date(clock.now().getTime() + SESSION_ABSOLUTE_MS);
      return insertToken(db, clock, { familyId: randomUUID(), userId, familyExpiresAt }, origin, randomUUID());
    },

    async rotate(token, origin) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (!row) throw new DomainError("NO_SESSION");
      if (row.revokedAt) {
        throw new DomainError(row.revokeReason === "expired" ? "SESSION_EXPIRED" : "SESSION_REVOKED");
      }
      if (row.replacedBy) return rotateReplaced(row, origin);
      const now = clock.now();
      if (row.expiresAt <= now || row.familyExpiresAt <= now) {
        await revokeFamily(row.familyId, "expired");
        throw new DomainError("SESSION_EXPIRED");
      }
      const nextId = randomUUID();
      // Claim and insert in one transaction: of two concurrent rotations of one token only one can claim it (the
      // other is treated as a token replaced a moment ago), and a failed insert leaves the old token usable.
      const next = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(refreshTokens)
          .set({ replacedBy: nextId })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.replacedBy), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) return null;
        return insertToken(tx as unknown as Db, clock, row, origin, nextId);
      });
      if (next) return next;
      const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, row.id)).limit(1);
      if (!current || current.revokedAt) throw new DomainError("SESSION_REVOKED");
      return rotateReplaced(current, origin);
    },

    async end(token) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (row) await revokeFamily(row.familyId, "logout");
    },

    async endAll(userId, reason) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: clock.now(), revokeReason: reason })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

function sessionUserAgent(origin: SessionOrigin): string | null {
  return origin.userAgent?.slice(0, 500) ?? null;
}

async function insertToken(
  db: Db,
  clock: Clock,
  { familyId, userId, familyExpiresAt }: { familyId: string; userId: string; familyExpiresAt: Date },
  origin: SessionOrigin,
  id: string,
): Promise<IssuedRefreshToken> {
  const token = `${familyId}.${randomBytes(32).toString("base64url")}`;
  const idleEnd = new Date(clock.now().getTime() + SESSION_IDLE_MS);
  await db.insert(refreshTokens).values({
    id,
    familyId,
    userId,
    tokenHash: hashToken(token),
    createdAt: clock.now(),
    expiresAt: idleEnd < familyExpiresAt ? idleEnd : familyExpiresAt,
    familyExpiresAt,
    userAgent: sessionUserAgent(origin),
    ip: origin.ip,
  });
  return { token, familyId, userId, expiresAt: familyExpiresAt };
}
