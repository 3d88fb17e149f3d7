import { isLanguage, type PaymentProvider, type PurchaseId } from "@handfont/contract";
import { eq } from "drizzle-orm";
import type { PaymentConfig } from "../../config/payment-config.ts";
import type { Db } from "../../db/database.ts";
import { payments, users } from "../../db/schema/index.ts";
import type { Robokassa } from "../../ports/robokassa.ts";
import type { StripeGateway } from "../../ports/stripe.ts";
import { DomainError } from "../domain-error.ts";
import { isUuid } from "../workspace-context.ts";
import { appendLine, premiumState, refundedMinor } from "./ledger.ts";
import type { ReceiptMail } from "./receipts.ts";

export type PaymentRow = typeof payments.$inferSelect;

/** Where refused notifications and provider failures are reported (the server log); never given a secret. */
export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Everything the payment services use, handed to them explicitly. */
export type PaymentContext = {
  db: Db;
  config: PaymentConfig;
  publicUrl: string;
  /** Null when the route's keys are not configured: it is then not offered. */
  stripe: StripeGateway | null;
  robokassa: Robokassa | null;
  receipts: ReceiptMail;
  log: PaymentLog;
  now: () => Date;
};

/** The price of a purchase on a provider, or PURCHASE_UNAVAILABLE when that provider does not sell it. */
export function priceOf(ctx: PaymentContext, provider: PaymentProvider, purchase: PurchaseId) {
  const currency = provider === "robokassa" ? "RUB" : (ctx.config.stripe?.currency ?? "EUR");
  if (provider === "robokassa" && purchase === "monthly") throw new DomainError("PURCHASE_UNAVAILABLE");
  const price = ctx.config.prices[purchase].find((entry) => entry.currency === currency);
  if (!price) throw new DomainError("PURCHASE_UNAVAILABLE");
  return price;
}

/** A payment of the user, or PAYMENT_NOT_FOUND (also for another user's, so ids reveal nothing). */
export async function ownedPayment(ctx: PaymentContext, userId: string, paymentId: string): Promise<PaymentRow> {
  const [row] = isUuid(paymentId) ? await ctx.db.select().from(payments).where(eq(payments.id, paymentId)) : [];
  if (!row || row.userId !== userId) throw new DomainError("PAYMENT_NOT_FOUND");
  return row;
}

export async function recipientOf(ctx: PaymentContext, userId: string) {
  const [user] = await ctx.db
    .select({ username: users.username, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/**
 * The one fulfilment of a paid time pack, shared by webhooks, ResultURL and the success page's check: a ledger line
 * unique on `sourceKey` (so every repeat of the news grants nothing more), the payment marked paid, a receipt sent.
 */
export async function fulfilPack(
  ctx: PaymentContext,
  payment: PaymentRow,
  input: { sourceKey: string; paymentRef: string },
): Promise<"granted" | "already"> {
  const now = ctx.now();
  const granted = await ctx.db.transaction(async (tx) => {
    const line = await appendLine(tx, {
      userId: payment.userId,
      kind: "purchase",
      sourceKey: input.sourceKey,
      paymentRef: input.paymentRef,
      paymentId: payment.id,
      months: payment.months,
      provider: payment.provider,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      createdAt: now,
    });
    if (!line) return false;
    // A full refund that overtook this notification has already cancelled the line just written (a partial one
    // only shortens it: the payment is still paid).
    const refunded = (await refundedMinor(tx, input.paymentRef)) >= payment.amountMinor;
    await tx
      .update(payments)
      .set({ status: refunded ? "refunded" : "paid", paidAt: now })
      .where(eq(payments.id, payment.id));
    return !refunded;
  });
  if (!granted) return "already";
  const state = await premiumState(ctx.db, payment.userId, now);
  const recipient = await recipientOf(ctx, payment.userId);
  if (recipient && state.premiumUntil) {
    ctx.receipts.send({
      to: recipient.email,
      username: recipient.username,
      language: isLanguage(payment.language) ? payment.language : recipient.locale,
      payment,
      premiumUntil: state.premiumUntil,
    });
  }
  return "granted";
}
