import { z } from "zod";
import { ROLES } from "./auth.ts";
import { PlanLimitsSchema } from "./plans.ts";

/** Time packs of premium (months of calendar time); buying again extends the end date. */
export const PACKS = [
  { id: "1m", months: 1 },
  { id: "6m", months: 6 },
  { id: "12m", months: 12 },
] as const;
export const PACK_IDS = ["1m", "6m", "12m"] as const;
export type PackId = (typeof PACK_IDS)[number];

/** What can be bought: a time pack, or (Stripe only) the monthly subscription. */
export const PURCHASE_IDS = [...PACK_IDS, "monthly"] as const;
export type PurchaseId = (typeof PURCHASE_IDS)[number];

export const PAYMENT_PROVIDERS = ["stripe", "robokassa"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** An amount in the currency's minor unit (cents, kopecks) with its ISO 4217 code in upper case. */
export const Price = z.object({ amountMinor: z.number().int().positive(), currency: z.string().length(3) });
export type Price = z.infer<typeof Price>;

/**
 * `GET /payments/offer` (public): which routes this instance offers and at what price. A route whose keys are not
 * configured is absent; with none, premium is granted by the operator (contact given).
 */
export const PaymentOffer = z.object({
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  /** Prices per purchase and provider; a purchase a provider does not sell is absent. */
  purchases: z.array(
    z.object({
      id: z.enum(PURCHASE_IDS),
      months: z.number().int(),
      recurring: z.boolean(),
      prices: z.partialRecord(z.enum(PAYMENT_PROVIDERS), Price),
    }),
  ),
  /** Whom to ask for premium when no route is offered (CONTACT_EMAIL). */
  contactEmail: z.string(),
  limits: z.object({ free: PlanLimitsSchema, premium: PlanLimitsSchema }),
});
export type PaymentOffer = z.infer<typeof PaymentOffer>;

/** `POST /stripe` (card payment data) and `POST /paymentRob` (payment data): what the user buys. */
export const CheckoutRequest = z.object({ purchase: z.enum(PURCHASE_IDS) });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/** Where the browser goes to pay: Stripe Checkout's page, or Robokassa's signed payment URL. */
export const CheckoutResponse = z.object({ paymentId: z.uuid(), url: z.url() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** `expired`: never confirmed within a day (the provider was asked, see the README's reconciliation). */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "expired"] as const;
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** `GET /payments/{id}`: one of the user's payments; psuccess polls it until the provider has confirmed. */
export const PaymentState = z.object({
  id: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  purchase: z.enum(PURCHASE_IDS),
  status: PaymentStatusSchema,
  price: Price,
  createdAt: z.iso.datetime(),
  /** The user's premium end once this payment is confirmed (null before). */
  premiumUntil: z.iso.datetime().nullable(),
});
export type PaymentState = z.infer<typeof PaymentState>;

export const LEDGER_KINDS = ["purchase", "subscription", "grant", "removal", "refund", "migrated"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One line of the entitlement ledger as its owner sees it. */
export const LedgerLine = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  at: z.iso.datetime(),
  /** Calendar months, days (negative: taken away) or an end date (subscription periods) this line gives. */
  months: z.number().int().nullable(),
  days: z.number().int().nullable(),
  until: z.iso.datetime().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  price: Price.nullable(),
  /** True when refunds cancelled this line (they reach what it was paid). */
  refunded: z.boolean(),
  /** What refunds gave back of this line's price so far (minor units; 0 for none), partly or in full. */
  refundedMinor: z.number().int(),
  reason: z.string().nullable(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/** `GET /subscribe/getBalance`: the spec's balance, read as premium time: end, time left, history. */
export const Balance = z.object({
  isPremium: z.boolean(),
  premiumUntil: z.iso.datetime().nullable(),
  /** Whole days left, rounded up (0 when not premium). */
  daysLeft: z.number().int(),
  /** Milliseconds left (0 when not premium). */
  msLeft: z.number().int(),
  subscription: z.object({ status: z.string(), portal: z.boolean() }).nullable(),
  history: z.array(LedgerLine),
});
export type Balance = z.infer<typeof Balance>;

/** `POST /payments/stripe/portal`: a short-lived Customer Portal address to cancel or change the subscription. */
export const PortalResponse = z.object({ url: z.url() });

/** `GET /admin/users?query=`: users found by e-mail, username or id, with their premium state. */
export const AdminUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  premiumUntil: z.iso.datetime().nullable(),
  isPremium: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserQuery = z.object({ query: z.string().trim().min(2).max(200) });
export const AdminUserList = z.object({ users: z.array(AdminUser) });

/** `POST /user/{id}/{role}`: our reading of the spec's `POST /user/{a}/{b}` — set user {a}'s role to {b}. */
export const SetRoleParams = z.object({ id: z.uuid(), role: z.enum(ROLES) });
export const SetRoleResponse = z.object({ id: z.uuid(), roles: z.array(z.enum(ROLES)) });
