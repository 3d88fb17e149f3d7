import {
  type Language,
  PACKS,
  type PaymentOffer,
  type PaymentProvider,
  type PaymentState,
  PLAN_LIMITS,
  PURCHASE_IDS,
  type PurchaseId,
} from "@handfont/contract";
import { eq } from "drizzle-orm";
import { payments, stripeCustomers } from "../../db/schema/index.ts";
import type { CheckoutSessionParams } from "../../ports/stripe.ts";
import { DomainError } from "../domain-error.ts";
import { ownedPayment, type PaymentContext, type PaymentRow, priceOf, recipientOf } from "./context.ts";
import { premiumState } from "./ledger.ts";
import { fulfilCheckoutSession } from "./stripe-events.ts";

const monthsOf = (purchase: PurchaseId) => PACKS.find((pack) => pack.id === purchase)?.months ?? 1;

/** What this instance sells and through which routes (a route without its keys is not offered). */
export function offer(ctx: PaymentContext, contactEmail: string): PaymentOffer {
  const providers: PaymentProvider[] = [];
  if (ctx.stripe) providers.push("stripe");
  if (ctx.robokassa) providers.push("robokassa");
  const purchases = PURCHASE_IDS.map((id) => {
    const prices: PaymentOffer["purchases"][number]["prices"] = {};
    for (const provider of providers) {
      try {
        prices[provider] = priceOf(ctx, provider, id);
      } catch {
        // Not sold on this route (the subscription on Robokassa, a price left out).
      }
    }
    return { id, months: monthsOf(id), recurring: id === "monthly", prices };
  }).filter((purchase) => Object.keys(purchase.prices).length > 0);
  return { providers, purchases, contactEmail, limits: PLAN_LIMITS };
}

async function newPayment(
  ctx: PaymentContext,
  input: { userId: string; provider: PaymentProvider; purchase: PurchaseId; language: Language },
): Promise<PaymentRow> {
  const price = priceOf(ctx, input.provider, input.purchase);
  const [row] = await ctx.db
    .insert(payments)
    .values({
      userId: input.userId,
      provider: input.provider,
      purchase: input.purchase,
      months: monthsOf(input.purchase),
      amountMinor: price.amountMinor,
      currency: price.currency,
      language: input.language,
      createdAt: ctx.now(),
    })
    .returning();
  return row!;
}

const productName = (purchase: PurchaseId) =>
  purchase === "monthly" ? "Handfont premium, monthly" : `Handfont premium, ${monthsOf(purchase)} month(s)`;

/** `POST /stripe`: a Checkout Session for a pack (one payment) or the monthly subscription; its page's address. */
export async function startStripeCheckout(
  ctx: PaymentContext,
  input: { userId: string; purchase: PurchaseId; language: Language },
): Promise<{ paymentId: string; url: string }> {
  const stripe = ctx.stripe;
  if (!stripe) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
  const payment = await newPayment(ctx, { ...input, provider: "stripe" });
  const user = await recipientOf(ctx, input.userId);
  const [customer] = await ctx.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, input.userId));
  const base = `${ctx.publicUrl}/${input.language}/payment`;
  const metadata = { paymentId: payment.id, userId: input.userId, purchase: input.purchase };
  const recurring = input.purchase === "monthly";
  const params: CheckoutSessionParams = {
    mode: recurring ? "subscription" : "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: payment.currency.toLowerCase(),
          unit_amount: payment.amountMinor,
          product_data: { name: productName(input.purchase) },
          ...(recurring ? { recurring: { interval: "month" as const } } : {}),
        },
      },
    ],
    client_reference_id: input.userId,
    metadata,
    ...(customer ? { customer: customer.customerId } : user ? { customer_email: user.email } : {}),
    ...(recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: `${base}/psuccess?payment=${payment.id}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}/pfail?payment=${payment.id}`,
  };
  let session: Awaited<ReturnType<typeof stripe.createCheckoutSession>>;
  try {
    // One key per payment attempt: a retried create returns the same session instead of a second one.
    session = await stripe.createCheckoutSession(params, `checkout:${payment.id}`);
  } catch (error) {
    ctx.log.error({ err: error, paymentId: payment.id }, "Stripe Checkout Session could not be created");
    await ctx.db.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    throw new DomainError("PAYMENT_PROVIDER_ERROR");
  }
  await ctx.db.update(payments).set({ externalId: session.id }).where(eq(payments.id, payment.id));
  if (!session.url) throw new DomainError("PAYMENT_PROVIDER_ERROR");
  return { paymentId: payment.id, url: session.url };
}

/** `POST /paymentRob`: an invoice with a fresh InvId and the signed Robokassa payment address. */
export async function startRobokassaPayment(
  ctx: PaymentContext,
  input: { userId: string; purchase: PurchaseId; language: Language },
): Promise<{ paymentId: string; url: string }> {
  const robokassa = ctx.robokassa;
  if (!robokassa) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
  const payment = await newPayment(ctx, { ...input, provider: "robokassa" });
  const user = await recipientOf(ctx, input.userId);
  const url = robokassa.paymentUrl({
    invId: payment.invoiceNumber,
    amountMinor: payment.amountMinor,
    description: productName(input.purchase),
    ...(user ? { email: user.email } : {}),
    culture: input.language === "ru" || input.language === "uk" ? "ru" : "en",
    shp: { Shp_payment: payment.id },
  });
  return { paymentId: payment.id, url };
}

/**
 * `GET /payments/{id}`: one payment of the user. A Stripe payment still pending is checked with Stripe (the success
 * page's half of "fulfil from both the webhook and the landing page"), through the same idempotent fulfilment.
 */
export async function paymentState(ctx: PaymentContext, userId: string, paymentId: string): Promise<PaymentState> {
  let payment = await ownedPayment(ctx, userId, paymentId);
  if (payment.status === "pending" && payment.provider === "stripe" && payment.externalId && ctx.stripe) {
    try {
      await fulfilCheckoutSession(ctx, await ctx.stripe.retrieveCheckoutSession(payment.externalId));
      payment = await ownedPayment(ctx, userId, paymentId);
    } catch (error) {
      // The webhook will still arrive; the page keeps polling.
      ctx.log.warn({ err: error, paymentId }, "Stripe session could not be checked");
    }
  }
  const state = payment.status === "paid" ? await premiumState(ctx.db, userId, ctx.now()) : null;
  return {
    id: payment.id,
    provider: payment.provider,
    purchase: payment.purchase,
    status: payment.status,
    price: { amountMinor: payment.amountMinor, currency: payment.currency },
    createdAt: payment.createdAt.toISOString(),
    premiumUntil: state?.premiumUntil?.toISOString() ?? null,
  };
}

/** A Customer Portal address for the user's subscription (cancel, change the card). */
export async function portalUrl(ctx: PaymentContext, userId: string, language: Language): Promise<string> {
  if (!ctx.stripe) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
  const [customer] = await ctx.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  if (!customer) throw new DomainError("NO_SUBSCRIPTION");
  try {
    return await ctx.stripe.createPortalSession(customer.customerId, `${ctx.publicUrl}/${language}/sub`);
  } catch (error) {
    ctx.log.error({ err: error }, "Stripe Customer Portal session could not be created");
    throw new DomainError("PAYMENT_PROVIDER_ERROR");
  }
}
