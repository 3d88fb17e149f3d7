import Stripe from "stripe";
import type { StripeConfig } from "../config/payment-config.ts";

export type StripeEvent = Stripe.Event;
export type CheckoutSession = Stripe.Checkout.Session;
export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;
export type StripeInvoice = Stripe.Invoice;
export type StripeCharge = Stripe.Charge;
export type StripeRefund = Stripe.Refund;

/** Stripe as the payment services use it: Checkout, the Customer Portal, re-fetching objects, verifying events. */
export interface StripeGateway {
  createCheckoutSession(params: CheckoutSessionParams, idempotencyKey: string): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Closes an open session so it can no longer be paid; answers the session as it is then. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  retrieveInvoice(id: string): Promise<StripeInvoice>;
  retrieveCharge(id: string): Promise<StripeCharge>;
  /** The invoice a PaymentIntent paid (a subscription period), or null for a one-off payment. */
  invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** Every refund of a charge, each with its own status (a charge lists only a few of them inline). */
  listRefunds(chargeId: string): Promise<StripeRefund[]>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** The event of a webhook request, verified on its raw bytes; throws when the signature or its time is wrong. */
  verifyEvent(rawBody: Buffer, signatureHeader: string): StripeEvent;
}

/** Webhooks older than this are refused (Stripe's default tolerance), so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The real SDK; STRIPE_API_URL points it at another server (a local fake in tests, a proxy in staging). */
export function createStripeGateway(config: StripeConfig): StripeGateway {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    // Pinned: the event and object shapes the services read are those of this version.
    apiVersion: "2026-10-28.endive",
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  return {
    createCheckoutSession: (params, idempotencyKey) => stripe.checkout.sessions.create(params, { idempotencyKey }),
    retrieveCheckoutSession: (id) => stripe.checkout.sessions.retrieve(id),
    expireCheckoutSession: (id) => stripe.checkout.sessions.expire(id),
    retrieveInvoice: (id) => stripe.invoices.retrieve(id),
    retrieveCharge: (id) => stripe.charges.retrieve(id),
    async invoiceOfPaymentIntent(paymentIntentId) {
      const list = await stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntentId },
        limit: 1,
      });
      const invoice = list.data[0]?.invoice;
      return typeof invoice === "string" ? invoice : (invoice?.id ?? null);
    },
    listRefunds: (chargeId) =>
      stripe.refunds.list({ charge: chargeId, limit: 100 }).autoPagingToArray({ limit: 10_000 }),
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    verifyEvent: (rawBody, signatureHeader) =>
      stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS),
  };
}
