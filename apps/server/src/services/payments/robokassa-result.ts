import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { paymentEvents, payments } from "../../db/schema/index.ts";
import { DomainError } from "../domain-error.ts";
import { fulfilPack, type PaymentContext } from "./context.ts";

async function record(ctx: PaymentContext, eventId: string, outcome: string, params: Record<string, string>) {
  // The signature is no secret, but nothing else needs it either.
  const { SignatureValue: _signature, ...payload } = params;
  await ctx.db
    .insert(paymentEvents)
    .values({ provider: "robokassa", eventId, type: "result", outcome, payload })
    .onConflictDoNothing();
}

/**
 * Robokassa's ResultURL: the one place a Robokassa payment is confirmed. The signature (password 2), the invoice,
 * its amount and the mode are checked; a valid notice grants once however often it comes, and answers `OK{InvId}`
 * every time so Robokassa stops retrying. Anything else is refused and logged.
 */
export async function handleRobokassaResult(ctx: PaymentContext, params: Record<string, string>): Promise<string> {
  const robokassa = ctx.robokassa;
  if (!robokassa) throw new DomainError("PAYMENT_ROUTE_UNAVAILABLE");
  const refuse = async (
    code: "PAYMENT_SIGNATURE_INVALID" | "PAYMENT_UNKNOWN_INVOICE" | "PAYMENT_AMOUNT_MISMATCH",
    reason: string,
  ) => {
    ctx.log.warn({ invId: params.InvId, outSum: params.OutSum, reason }, "Robokassa notification refused");
    await record(ctx, `refused:${randomUUID()}`, reason, params);
    throw new DomainError(code);
  };
  const check = robokassa.checkResult(params);
  if (!check.ok) return refuse("PAYMENT_SIGNATURE_INVALID", check.reason);
  const { notification } = check;
  // A test payment must never grant premium on a live shop (and the other way round).
  if (notification.isTest !== robokassa.test) return refuse("PAYMENT_SIGNATURE_INVALID", "test-mode-mismatch");
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.invoiceNumber, notification.invId));
  if (payment?.provider !== "robokassa" || notification.shp.Shp_payment !== payment.id) {
    return refuse("PAYMENT_UNKNOWN_INVOICE", "unknown-invoice");
  }
  if (notification.amountMinor !== payment.amountMinor) return refuse("PAYMENT_AMOUNT_MISMATCH", "amount-mismatch");
  const outcome = await fulfilPack(ctx, payment, {
    sourceKey: `robokassa:inv:${notification.invId}`,
    paymentRef: `robokassa:inv:${notification.invId}`,
  });
  await record(ctx, `inv:${notification.invId}`, outcome, params);
  if (outcome === "granted") ctx.log.info({ invId: notification.invId }, "Robokassa payment granted");
  return `OK${notification.invId}`;
}

/**
 * SuccessURL and FailURL: the browser comes back from Robokassa. They only lead to the pages (which show what the
 * ResultURL confirmed) and never grant anything.
 */
export async function robokassaReturnPath(
  ctx: PaymentContext,
  params: Record<string, string>,
  outcome: "psuccess" | "pfail",
): Promise<string> {
  const invId = Number(params.InvId);
  const [payment] = Number.isSafeInteger(invId)
    ? await ctx.db
        .select({ id: payments.id, language: payments.language })
        .from(payments)
        .where(eq(payments.invoiceNumber, invId))
    : [];
  const language = payment?.language ?? (params.Culture === "ru" ? "ru" : "en");
  return `/${language}/payment/${outcome}${payment ? `?payment=${payment.id}` : ""}`;
}
