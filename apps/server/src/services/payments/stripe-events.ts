import { and, eq, inArray, sql } from "drizzle-orm";
import { entitlementLedger, paymentEvents, payments, stripeCustomers, users } from "../../db/schema/index.ts";
import type { CheckoutSession, StripeEvent } from "../../ports/stripe.ts";
import { DomainError } from "../domain-error.ts";
import { fulfilPack, type PaymentContext, type PaymentRow } from "./context.ts";
import { appendLine, premiumState, refundedMinor } from "./ledger.ts";

export type EventOutcome =
  | "granted"
  | "already"
  | "duplicate"
  | "awaiting-payment"
  | "failed"
  | "expired"
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
  if (!line) return "already";
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const state = await premiumState(ctx.db, userId, ctx.now());
  if (user && state.premiumUntil) {
    ctx.receipts.send({
      to: user.email,
      username: user.username,
      language: user.locale,
      payment: {
        provider: "stripe",
        purchase: "monthly",
        months: 1,
        amountMinor: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        paidAt: ctx.now(),
      },
      premiumUntil: state.premiumUntil,
    });
  }
  return "granted";
}

/** Refunds that send money back (or are on their way); a refund that failed or was cancelled sends none. */
const COUNTED_REFUNDS = new Set(["succeeded", "pending"]);

/**
 * The refunds of a charge as Stripe lists them now (re-fetched, never an event's copy), each written once as a
 * refund line keyed by its Stripe id: a replayed or reordered event adds nothing, a new partial refund adds its
 * amount, and premium end takes back the refunded share (ledger.ts). A refund that fails after it was counted keeps
 * counting: the buyer is still owed that money and the operator settles it (see README).
 */
async function chargeRefunds(ctx: PaymentContext, chargeId: string): Promise<EventOutcome> {
  const stripe = ctx.stripe!;
  const charge = await stripe.retrieveCharge(chargeId);
  const intent = idOf(charge.payment_intent);
  if (!intent) return "ignored";
  const paymentRef = await refundedRef(ctx, intent);
  // The purchase may not be recorded yet (events arrive out of order): the refund lines still count when it is.
  const [purchase] = await ctx.db
    .select({ userId: entitlementLedger.userId, paymentId: entitlementLedger.paymentId })
    .from(entitlementLedger)
    .where(
      and(eq(entitlementLedger.paymentRef, paymentRef), inArray(entitlementLedger.kind, ["purchase", "subscription"])),
    );
  let written = 0;
  for (const refund of await stripe.listRefunds(charge.id)) {
    if (!refund.status || !COUNTED_REFUNDS.has(refund.status)) continue;
    const line = await appendLine(ctx.db, {
      userId: purchase?.userId ?? null,
      kind: "refund",
      sourceKey: `stripe:refund:${refund.id}`,
      paymentRef,
      provider: "stripe",
      amountMinor: refund.amount,
      currency: refund.currency.toUpperCase(),
      createdAt: ctx.now(),
    });
    if (line) written += 1;
  }
  const paymentId = purchase?.paymentId ?? charge.metadata?.paymentId;
  if (paymentId) await markFullyRefunded(ctx, paymentId, paymentRef);
  return written > 0 ? "refunded" : "already";
}

/**
 * The ledger reference a refunded PaymentIntent paid for: a pack's (`stripe:pi:…`), or, for a PaymentIntent that paid
 * a subscription invoice, that period's (`stripe:invoice:…`), found through Stripe's invoice payments.
 */
async function refundedRef(ctx: PaymentContext, intent: string): Promise<string> {
  const pack = `stripe:pi:${intent}`;
  const [known] = await ctx.db
    .select({ id: entitlementLedger.id })
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.paymentRef, pack), eq(entitlementLedger.kind, "purchase")));
  if (known) return pack;
  const invoiceId = await ctx.stripe!.invoiceOfPaymentIntent(intent);
  return invoiceId ? `stripe:invoice:${invoiceId}` : pack;
}

/** A payment whose refunds reach its price is "refunded"; a partly refunded one stays "paid". */
async function markFullyRefunded(ctx: PaymentContext, paymentId: string, paymentRef: string) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  if ((await refundedMinor(ctx.db, paymentRef)) >= payment.amountMinor) {
    await ctx.db.update(payments).set({ status: "refunded" }).where(eq(payments.id, paymentId));
  }
}

/** The charge of a Refund object (the object of `refund.*` and `charge.refund.updated` events). */
const refundObjectCharge = (object: unknown) => idOf((object as { charge?: string | { id: string } | null }).charge);

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
      // Nobody paid a session that ran out (24 hours); a bank payment that was refused failed.
      const status = event.type === "checkout.session.expired" ? "expired" : "failed";
      await ctx.db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.externalId, session.id), eq(payments.status, "pending")));
      return status;
    }
    case "invoice.paid":
      return invoicePaid(ctx, object.id);
    case "charge.refunded":
      return chargeRefunds(ctx, object.id);
    case "charge.refund.updated":
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const chargeId = refundObjectCharge(event.data.object);
      return chargeId ? chargeRefunds(ctx, chargeId) : "ignored";
    }
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
