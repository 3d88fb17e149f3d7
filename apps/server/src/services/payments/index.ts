import type { Balance, Language, PurchaseId } from "@handfont/contract";
import { eq } from "drizzle-orm";
import { stripeCustomers } from "../../db/schema/index.ts";
import { DomainError } from "../domain-error.ts";
import { offer, paymentState, portalUrl, startRobokassaPayment, startStripeCheckout } from "./checkout.ts";
import type { PaymentContext } from "./context.ts";
import { premiumState, presentLines } from "./ledger.ts";
import { reconcilePayments } from "./reconcile.ts";
import { handleRobokassaResult, robokassaReturnPath } from "./robokassa-result.ts";
import { handleStripeEvent } from "./stripe-events.ts";

const DAY_MS = 86_400_000;

/** The premium feature's services over one context: what routes call. */
export function createPayments(ctx: PaymentContext, contactEmail: string) {
  return {
    ctx,
    offer: () => offer(ctx, contactEmail),
    stripeCheckout: (userId: string, purchase: PurchaseId, language: Language) =>
      startStripeCheckout(ctx, { userId, purchase, language }),
    robokassaPayment: (userId: string, purchase: PurchaseId, language: Language) =>
      startRobokassaPayment(ctx, { userId, purchase, language }),
    payment: (userId: string, paymentId: string) => paymentState(ctx, userId, paymentId),
    portal: (userId: string, language: Language) => portalUrl(ctx, userId, language),

    /** The spec's balance: premium end, time left and the ledger's history. */
    async balance(userId: string): Promise<Balance> {
      const now = ctx.now();
      const state = await premiumState(ctx.db, userId, now);
      const msLeft = state.isPremium && state.premiumUntil ? state.premiumUntil.getTime() - now.getTime() : 0;
      const [customer] = await ctx.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
      return {
        isPremium: state.isPremium,
        premiumUntil: state.premiumUntil?.toISOString() ?? null,
        daysLeft: Math.ceil(msLeft / DAY_MS),
        msLeft,
        subscription: customer?.subscriptionStatus
          ? { status: customer.subscriptionStatus, portal: ctx.stripe !== null }
          : null,
        history: presentLines(state.lines),
      };
    },

    /** A Stripe webhook: verified on its raw bytes, then handled; a bad signature is logged and refused. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!ctx.stripe) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
      let event: Parameters<typeof handleStripeEvent>[1];
      try {
        event = ctx.stripe.verifyEvent(rawBody, signature ?? "");
      } catch (error) {
        ctx.log.warn({ reason: (error as Error).message }, "Stripe webhook refused: signature not valid");
        throw new DomainError("PAYMENT_SIGNATURE_INVALID");
      }
      return handleStripeEvent(ctx, event);
    },

    /** Asks the providers about payments left pending (webhook or ResultURL never came); see reconcile.ts. */
    reconcile: () => reconcilePayments(ctx, ctx.config.reconcile.checkAfterMs),

    robokassaResult: (params: Record<string, string>) => handleRobokassaResult(ctx, params),
    robokassaReturn: (params: Record<string, string>, outcome: "psuccess" | "pfail") =>
      robokassaReturnPath(ctx, params, outcome),
  };
}

export type Payments = ReturnType<typeof createPayments>;
