import { and, eq, sql } from "drizzle-orm";
import { entitlementLedger, paymentEvents, payments, stripeCustomers } from "../../db/schema/index.ts";
import type { CheckoutSession, StripeEvent } from "../../ports/stripe.ts";
import { DomainError } from "../domain-error.ts";
import { fulfilPack, type PaymentContext, type PaymentRow } from "./context.ts";
import { appendLine } from "./ledger.ts";

export type EventOutcome =
  | "granted"
  | "already"
  | "duplicate"
  | "awaiting-payment"
  | "failed"
  | "refunded"
  | "subscription-updated"
  | "ignored"
  | "refused";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

async function paymentOfSession(ctx: PaymentContext, session: CheckoutSession): Promise<PaymentRow | null> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.externalId, session.id));
  // The session must be the one we created for this payment: metadata and our record agree.
  return row && row.id === session.metadata?.paymentId ? row : null;
}

/**
 * Fulfils a Checkout Session as Stripe reports it now (re-fetched, never the event's copy): a paid pack whose amount
 * and currency match grants its months once; a paid subscription records the customer (its time comes with each
 * paid invoice); anything else waits.
 */
export async function fulfilCheckoutSession(ctx: PaymentContext, session: CheckoutSession): Promise<EventOutcome> {
  const payment = await paymentOfSession(ctx, session);
  if (!payment) {
    ctx.log.warn({ sessionId: session.id }, "Stripe session of no known payment refused");
    return "refused";
  }
  if (session.payment_status !== "paid") return "awaiting-payment";
  const currency = (session.currency ?? "").toUpperCase();
  if (session.amount_total !== payment.amountMinor || currency !== payment.currency) {
    ctx.log.warn(
      {
        paymentId: payment.id,
        expected: [payment.amountMinor, payment.currency],
        got: [session.amount_total, currency],
      },
      "Stripe session amount does not match the payment: refused",
    );
    return "refused";
  }
  if (session.mode === "subscription") {
    const customerId = idOf(session.customer);
    if (customerId) {
      await ctx.db
        .insert(stripeCustomers)
        .values({
          userId: payment.userId,
          customerId,
          subscriptionId: idOf(session.subscription),
          subscriptionStatus: "active",
          updatedAt: ctx.now(),
        })
        .onConflictDoUpdate({
          target: stripeCustomers.userId,
          set: { customerId, subscriptionId: idOf(session.subscription), subscriptionStatus: "active" },
        });
    }
    await ctx.db
      .update(payments)
      .set({ status: "paid", paidAt: ctx.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
    return "granted";
  }
  const intent = idOf(session.payment_intent) ?? session.id;
  return fulfilPack(ctx, payment, { sourceKey: `stripe:session:${session.id}`, paymentRef: `stripe:pi:${intent}` });
}

async function invoicePaid(ctx: PaymentContext, invoiceId: string): Promise<EventOutcome> {
  const invoice = await ctx.stripe!.retrieveInvoice(invoiceId);
  const details = invoice.parent?.subscription_details;
  if (!details || invoice.status !== "paid") return "ignored";
  const customerId = idOf(invoice.customer);
  const [customer] = customerId
    ? await ctx.db.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId))
    : [];
  const userId = customer?.userId ?? details.metadata?.userId;
  const periodEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period?.end ?? 0));
  if (!userId || periodEnd === 0) {
    ctx.log.warn({ invoiceId }, "Stripe invoice of no known user or period refused");
    return "refused";
  }
  const line = await appendLine(ctx.db, {
    userId,
    kind: "subscription",
    sourceKey: `stripe:invoice:${invoice.id}`,
    paymentRef: `stripe:invoice:${invoice.id}`,
    until: new Date(periodEnd * 1000),
    provider: "stripe",
    amountMinor: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    createdAt: ctx.now(),
  });
  return line ? "granted" : "already";
}

/** A fully refunded charge cancels what its payment bought: a refund line naming the PaymentIntent. */
async function chargeRefunded(ctx: PaymentContext, chargeId: string): Promise<EventOutcome> {
  const charge = await ctx.stripe!.retrieveCharge(chargeId);
  const intent = idOf(charge.payment_intent);
  if (!charge.refunded || !intent) return "ignored";
  const paymentRef = `stripe:pi:${intent}`;
  // The purchase may not be recorded yet (events arrive out of order): the refund line still cancels it later.
  const [purchase] = await ctx.db
    .select({ userId: entitlementLedger.userId, paymentId: entitlementLedger.paymentId })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.paymentRef, paymentRef), eq(entitlementLedger.kind, "purchase")));
  const line = await appendLine(ctx.db, {
    userId: purchase?.userId ?? null,
    kind: "refund",
    sourceKey: `refund:${paymentRef}`,
    paymentRef,
    provider: "stripe",
    amountMinor: charge.amount_refunded,
    currency: charge.currency.toUpperCase(),
    createdAt: ctx.now(),
  });
  const paymentId = purchase?.paymentId ?? charge.metadata?.paymentId;
  if (paymentId) await ctx.db.update(payments).set({ status: "refunded" }).where(eq(payments.id, paymentId));
  return line ? "refunded" : "already";
}

/** Subscription status changes, newest first wins: an older event arriving late does not undo a newer one. */
async function subscriptionChanged(ctx: PaymentContext, event: StripeEvent): Promise<EventOutcome> {
  const subscription = event.data.object as { id: string; status: string; customer: string | { id: string } };
  const customerId = idOf(subscription.customer);
  if (!customerId) return "ignored";
  const at = new Date(event.created * 1000);
  const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
  await ctx.db
    .update(stripeCustomers)
    .set({ subscriptionId: subscription.id, subscriptionStatus: status, updatedAt: at })
    .where(and(eq(stripeCustomers.customerId, customerId), sql`${stripeCustomers.updatedAt} <= ${at}`));
  return "subscription-updated";
}

async function dispatch(ctx: PaymentContext, event: StripeEvent): Promise<EventOutcome> {
  const object = event.data.object as { id: string };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilCheckoutSession(ctx, await ctx.stripe!.retrieveCheckoutSession(object.id));
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = await ctx.stripe!.retrieveCheckoutSession(object.id);
      if (session.payment_status === "paid") return "ignored";
      await ctx.db
        .update(payments)
        .set({ status: "failed" })
        .where(and(eq(payments.externalId, session.id), eq(payments.status, "pending")));
      return "failed";
    }
    case "invoice.paid":
      return invoicePaid(ctx, object.id);
    case "charge.refunded":
      return chargeRefunded(ctx, object.id);
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChanged(ctx, event);
    default:
      return "ignored";
  }
}

/**
 * One verified webhook event. An event id already handled answers "duplicate" at once; otherwise the work is done
 * through idempotent steps (unique ledger keys), so two deliveries racing each other still grant once. A failure
 * throws, the webhook answers 5xx, and Stripe delivers again.
 */
export async function handleStripeEvent(ctx: PaymentContext, event: StripeEvent): Promise<EventOutcome> {
  if (!ctx.stripe) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
  const [seen] = await ctx.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.eventId, event.id)));
  if (seen) return "duplicate";
  const outcome = await dispatch(ctx, event);
  await ctx.db
    .insert(paymentEvents)
    .values({
      provider: "stripe",
      eventId: event.id,
      type: event.type,
      outcome,
      payload: { object: event.data.object },
    })
    .onConflictDoNothing();
  if (outcome !== "ignored") ctx.log.info({ eventId: event.id, type: event.type, outcome }, "Stripe event handled");
  return outcome;
}
