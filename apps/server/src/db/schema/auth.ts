import type { Language } from "@handfont/contract";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** An account. Username and e-mail are unique regardless of case (spec §8: EMAIL_EXISTS also when only case differs). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    username: text("username").notNull(),
    email: text("email").notNull(),
    /** Argon2id PHC string; null for an account made through Google until it adds a password. */
    passwordHash: text("password_hash"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    roles: text("roles").array().$type<("USER" | "ADMIN")[]>().notNull().default(sql`'{USER}'::text[]`),
    /** Interface language, also the language of the mails this user receives. */
    locale: text("locale").$type<Language>().notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
  ],
);

/** A link to an identity at an OpenID provider; `subject` is the provider's stable id (never the e-mail). */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index("oauth_accounts_user_idx").on(table.userId),
  ],
);

/**
 * Refresh tokens, stored only as SHA-256 hashes. Each sign-in starts a family; every refresh replaces the row by a
 * new one of the same family, and presenting a replaced token again revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    familyId: uuid("family_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: a session unused this long ends. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Absolute expiry of the family, carried over on rotation. */
    familyExpiresAt: timestamp("family_expires_at", { withTimezone: true }).notNull(),
    replacedBy: uuid("replaced_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokeReason: text("revoke_reason"),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId), index("refresh_tokens_user_idx").on(table.userId)],
);

/** Single-use tokens of mailed links (confirm e-mail, reset password, confirm a new e-mail), stored hashed. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"confirm" | "reset" | "change_email">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address a change_email token confirms. */
    newEmail: text("new_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("email_tokens_user_idx").on(table.userId, table.purpose)],
);

/** Fixed-window counters of the rate limits, shared by every server process through the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limits_expires_idx").on(table.expiresAt)],
);

/** Nonces of ALTCHA challenges already solved: a unique key makes a replay fail in every process. */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("captcha_solutions_expires_idx").on(table.expiresAt)],
);
