import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** One attempt to buy premium: what, for how much, through which provider, and how it ended. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"stripe" | "robokassa">().notNull(),
    purchase: text("purchase").$type<"1m" | "6m" | "12m" | "monthly">().notNull(),
    months: integer("months").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"pending" | "paid" | "failed" | "refunded" | "expired">().notNull().default("pending"),
    /** Robokassa's InvId: a number, unique per payment attempt. */
    invoiceNumber: integer("invoice_number").generatedAlwaysAsIdentity().notNull().unique(),
    /** Stripe's Checkout Session id. */
    externalId: text("external_id").unique(),
    /** The language the user paid in: receipts and redirects use it. */
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [index("payments_user_idx").on(table.userId, table.createdAt)],
);

/**
 * The entitlement ledger, append-only: every purchase, subscription period, admin grant or removal, refund and
 * migrated premium time is one line; premium time is derived from the lines and never stored elsewhere. A line's
 * source key (the provider's session, invoice or InvId, an admin action id) is unique, so a notification that
 * arrives twice, or twice at once, adds one line.
 */
export const entitlementLedger = pgTable(
  "entitlement_ledger",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** Null only for a refund that arrived before the purchase it cancels was recorded. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"purchase" | "subscription" | "grant" | "removal" | "refund" | "migrated">().notNull(),
    sourceKey: text("source_key").notNull().unique(),
    /** What was paid (e.g. a Stripe PaymentIntent); a refund line names the payment it cancels. */
    paymentRef: text("payment_ref"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    months: integer("months"),
    days: integer("days"),
    until: timestamp("until", { withTimezone: true }),
    provider: text("provider").$type<"stripe" | "robokassa">(),
    amountMinor: integer("amount_minor"),
    currency: text("currency"),
    reason: text("reason"),
    actorUserId: uuid("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("entitlement_ledger_user_idx").on(table.userId, table.createdAt),
    index("entitlement_ledger_payment_ref_idx").on(table.paymentRef),
  ],
);

/** Every payment notification received, verified or not, kept for the record; replays are recognised here. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    provider: text("provider").$type<"stripe" | "robokassa">().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    outcome: text("outcome").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("payment_events_provider_event_uq").on(table.provider, table.eventId)],
);

/** A user's Stripe customer and monthly subscription, for renewals and the Customer Portal. */
export const stripeCustomers = pgTable("stripe_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  subscriptionId: text("subscription_id"),
  subscriptionStatus: text("subscription_status"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
