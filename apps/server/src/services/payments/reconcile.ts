import { and, asc, eq, lte } from "drizzle-orm";
import { payments } from "../../db/schema/index.ts";
import { fulfilPack, type PaymentContext, type PaymentRow } from "./context.ts";
import { fulfilCheckoutSession } from "./stripe-events.ts";

/** A payment nobody confirmed within this long is expired (Stripe's Checkout Sessions themselves last 24 hours). */
export const EXPIRE_AFTER_MS = 86_400_000;

/** Payments looked at per run, oldest first: a backlog is worked off over several runs instead of in one burst. */
const BATCH = 100;

/** Robokassa's OpStateExt states (ports/robokassa.ts): paid, and the two that mean no money stays with the shop. */
const ROBOKASSA_PAID = 100;
const ROBOKASSA_CANCELLED = 10;
const ROBOKASSA_RETURNED = 60;
/** Only created: nobody paid yet, so it may expire (on hold, received or suspended ones involve money: they wait). */
const ROBOKASSA_CREATED = 5;

export type ReconcileReport = { checked: number; granted: number; failed: number; expired: number; errors: number };

type Verdict = "granted" | "failed" | "expired" | "waiting";

/** Ends a pending payment; a notification that lands meanwhile wins (only a still pending row changes). */
async function settle(ctx: PaymentContext, payment: PaymentRow, status: "failed" | "expired"): Promise<Verdict> {
  await ctx.db
    .update(payments)
    .set({ status })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
  return status;
}

async function reconcileStripe(ctx: PaymentContext, payment: PaymentRow, old: boolean): Promise<Verdict> {
  const stripe = ctx.stripe;
  if (!stripe || !payment.externalId) return old ? settle(ctx, payment, "expired") : "waiting";
  let session = await stripe.retrieveCheckoutSession(payment.externalId);
  if (session.status === "open" && old) {
    // Closed at Stripe first, so the buyer cannot pay an invoice we call expired. Stripe refuses to expire a session
    // that is no longer open (paid meanwhile, or expired by another process's check): then it is read again.
    session = await stripe.expireCheckoutSession(session.id).catch(() => stripe.retrieveCheckoutSession(session.id));
  }
  if (session.payment_status === "paid") {
    const outcome = await fulfilCheckoutSession(ctx, session);
    return outcome === "granted" || outcome === "already" ? "granted" : "waiting";
  }
  if (session.status === "expired") return settle(ctx, payment, "expired");
  // "complete" but unpaid: a bank debit still on its way (days, not hours); its webhook or a later run settles it.
  return "waiting";
}

async function reconcileRobokassa(ctx: PaymentContext, payment: PaymentRow, old: boolean): Promise<Verdict> {
  const robokassa = ctx.robokassa;
  if (!robokassa) return old ? settle(ctx, payment, "expired") : "waiting";
  const operation = await robokassa.operationState(payment.invoiceNumber);
  if (!operation.found) return old ? settle(ctx, payment, "expired") : "waiting";
  if (operation.state === ROBOKASSA_PAID) {
    const shpPayment = Object.entries(operation.shp).find(([key]) => key.toLowerCase() === "shp_payment")?.[1];
    // Which of OutSum and IncSum repeats the invoice's sum depends on who pays Robokassa's fee: either will do.
    const sumMatches = operation.sumsMinor.includes(payment.amountMinor);
    if (!sumMatches || (shpPayment !== undefined && shpPayment !== payment.id)) {
      ctx.log.warn(
        { paymentId: payment.id, invId: payment.invoiceNumber, outSum: operation.outSum },
        "Robokassa reports a paid invoice that does not match the payment: left for the operator",
      );
      return "waiting";
    }
    // The same source key as ResultURL's: whichever of the two comes first grants, the other adds nothing.
    await fulfilPack(ctx, payment, {
      sourceKey: `robokassa:inv:${payment.invoiceNumber}`,
      paymentRef: `robokassa:inv:${payment.invoiceNumber}`,
    });
    return "granted";
  }
  if (operation.state === ROBOKASSA_CANCELLED || operation.state === ROBOKASSA_RETURNED) {
    return settle(ctx, payment, "failed");
  }
  if (operation.state === ROBOKASSA_CREATED && old) return settle(ctx, payment, "expired");
  return "waiting";
}

/**
 * Payments still pending after `checkAfterMs` (their webhook or ResultURL never came): the provider is asked what
 * became of each, and a paid one is granted through the same idempotent fulfilment as the notifications (so this may
 * run in several processes at once), a cancelled one fails, and one nobody paid within a day expires.
 */
export async function reconcilePayments(ctx: PaymentContext, checkAfterMs: number): Promise<ReconcileReport> {
  const now = ctx.now().getTime();
  const due = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), lte(payments.createdAt, new Date(now - checkAfterMs))))
    .orderBy(asc(payments.createdAt))
    .limit(BATCH);
  const report: ReconcileReport = { checked: 0, granted: 0, failed: 0, expired: 0, errors: 0 };
  for (const payment of due) {
    const old = now - payment.createdAt.getTime() >= EXPIRE_AFTER_MS;
    report.checked += 1;
    try {
      const verdict =
        payment.provider === "stripe"
          ? await reconcileStripe(ctx, payment, old)
          : await reconcileRobokassa(ctx, payment, old);
      if (verdict !== "waiting") report[verdict] += 1;
    } catch (error) {
      // One provider failing (network, a 5xx) leaves that payment pending for the next run; the others go on.
      report.errors += 1;
      ctx.log.warn({ err: error, paymentId: payment.id }, "pending payment could not be checked with its provider");
    }
  }
  if (report.checked > 0) ctx.log.info(report, "pending payments checked with their providers");
  return report;
}
