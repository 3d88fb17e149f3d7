import { type Price, PURCHASE_IDS, type PurchaseId } from "@handfont/contract";
import { z } from "zod";

/** Robokassa's signature hashes (chosen in the shop's technical settings). */
export const ROBOKASSA_HASHES = ["md5", "ripemd160", "sha1", "sha256", "sha384", "sha512"] as const;
export type RobokassaHash = (typeof ROBOKASSA_HASHES)[number];

/** 54-FZ receipt values Robokassa accepts (tax systems; VAT rates including the 22 % of 2026). */
const RECEIPT_SNO = ["osn", "usn_income", "usn_income_outcome", "esn", "patent"] as const;
const RECEIPT_TAX = [
  "none",
  "vat0",
  "vat5",
  "vat7",
  "vat10",
  "vat20",
  "vat22",
  "vat105",
  "vat107",
  "vat110",
  "vat120",
  "vat122",
] as const;
const RECEIPT_METHODS = ["full_prepayment", "prepayment", "advance", "full_payment"] as const;
const RECEIPT_OBJECTS = ["service", "commodity", "payment", "another"] as const;

// "EUR:4.99,RUB:490" — an amount per currency, written with a dot; parsed into minor units without floats.
const PRICE_LIST = /^\s*[A-Za-z]{3}\s*:\s*\d+(\.\d{1,2})?\s*(,\s*[A-Za-z]{3}\s*:\s*\d+(\.\d{1,2})?\s*)*$/;
const PriceList = z.string().regex(PRICE_LIST, "must look like EUR:4.99,RUB:490 (currency:amount, comma-separated)");

/** The payment variables of the environment (joined into config.ts's schema). */
export const PAYMENT_ENV = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must be a webhook signing secret (whsec_…)").optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code")
    .default("EUR"),
  ROBOKASSA_LOGIN: z.string().min(1).optional(),
  ROBOKASSA_PASSWORD1: z.string().min(1).optional(),
  ROBOKASSA_PASSWORD2: z.string().min(1).optional(),
  ROBOKASSA_TEST: z.enum(["true", "false"]).default("false"),
  ROBOKASSA_HASH: z.enum(ROBOKASSA_HASHES).default("md5"),
  ROBOKASSA_URL: z.url({ protocol: /^https$/ }).default("https://auth.robokassa.ru/Merchant/Index.aspx"),
  /** The XML web service asked for an invoice's state (OpStateExt); tests point it at a local fake. */
  ROBOKASSA_API_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://auth.robokassa.ru/Merchant/WebService/Service.asmx"),
  /** Seconds between two checks of payments left pending (also run at start); 0 turns the check off. */
  PAYMENT_RECONCILE_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(300),
  /** How old a pending payment must be before the check asks its provider (its notification may still be coming). */
  PAYMENT_RECONCILE_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(300),
  ROBOKASSA_RECEIPT_SNO: z.enum(RECEIPT_SNO).optional(),
  ROBOKASSA_RECEIPT_TAX: z.enum(RECEIPT_TAX).optional(),
  ROBOKASSA_RECEIPT_PAYMENT_METHOD: z.enum(RECEIPT_METHODS).default("full_prepayment"),
  ROBOKASSA_RECEIPT_PAYMENT_OBJECT: z.enum(RECEIPT_OBJECTS).default("service"),
  PRICE_1M: PriceList.default("EUR:4.99,RUB:490"),
  PRICE_6M: PriceList.default("EUR:19.99,RUB:1990"),
  PRICE_12M: PriceList.default("EUR:29.99,RUB:2990"),
  /** "off": no monthly subscription is sold. */
  PRICE_MONTHLY: z.union([z.literal("off"), PriceList]).default("EUR:3.99"),
};

const PaymentEnv = z.object(PAYMENT_ENV);
type PaymentEnv = z.infer<typeof PaymentEnv>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (tests, staging); null for Stripe's own. */
  apiUrl: string | null;
  currency: string;
}

export interface RobokassaConfig {
  login: string;
  password1: string;
  password2: string;
  test: boolean;
  hash: RobokassaHash;
  paymentUrl: string;
  /** Base of the XML web service (OpStateExt). */
  apiUrl: string;
  /** 54-FZ receipt sent with every invoice; null when no tax is configured. */
  receipt: { sno: string | null; tax: string; paymentMethod: string; paymentObject: string } | null;
}

export interface PaymentConfig {
  /** Null when its keys are not set: the route is then not offered. */
  stripe: StripeConfig | null;
  robokassa: RobokassaConfig | null;
  /** Prices of each purchase per currency (upper-case code); the monthly subscription may have none. */
  prices: Record<PurchaseId, Price[]>;
  /** The periodic check of pending payments: its period (0: off) and the age a payment must reach first. */
  reconcile: { intervalMs: number; checkAfterMs: number };
}

/** Parses "EUR:4.99,RUB:490" into minor units (cents, kopecks), currency codes upper-cased. */
export function parsePriceList(text: string): Price[] {
  return text.split(",").map((part) => {
    const [currency = "", amount = ""] = part.split(":").map((piece) => piece.trim());
    const [whole = "0", fraction = ""] = amount.split(".");
    return { currency: currency.toUpperCase(), amountMinor: Number(whole) * 100 + Number(fraction.padEnd(2, "0")) };
  });
}

const PRICE_VARIABLES: Record<PurchaseId, "PRICE_1M" | "PRICE_6M" | "PRICE_12M" | "PRICE_MONTHLY"> = {
  "1m": "PRICE_1M",
  "6m": "PRICE_6M",
  "12m": "PRICE_12M",
  monthly: "PRICE_MONTHLY",
};

function prices(e: PaymentEnv): PaymentConfig["prices"] {
  return Object.fromEntries(
    PURCHASE_IDS.map((id) => {
      const value = e[PRICE_VARIABLES[id]];
      return [id, value === "off" ? [] : parsePriceList(value)];
    }),
  ) as PaymentConfig["prices"];
}

/** Problems of the payment variables: keys given by halves, or a configured route without a price it needs. */
export function paymentIssues(e: PaymentEnv): string[] {
  const issues: string[] = [];
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    issues.push("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: give both or neither");
  }
  const robokassa = [e.ROBOKASSA_LOGIN, e.ROBOKASSA_PASSWORD1, e.ROBOKASSA_PASSWORD2];
  if (robokassa.some((value) => value === undefined) && robokassa.some((value) => value !== undefined)) {
    issues.push("ROBOKASSA_LOGIN, ROBOKASSA_PASSWORD1, ROBOKASSA_PASSWORD2: give all three or none");
  }
  if (e.ROBOKASSA_PASSWORD1 !== undefined && e.ROBOKASSA_PASSWORD1 === e.ROBOKASSA_PASSWORD2) {
    issues.push("ROBOKASSA_PASSWORD2: must differ from ROBOKASSA_PASSWORD1 (Robokassa issues two passwords)");
  }
  const list = prices(e);
  for (const id of ["1m", "6m", "12m"] as const) {
    const currencies = list[id].map((price) => price.currency);
    if (e.STRIPE_SECRET_KEY && !currencies.includes(e.STRIPE_CURRENCY.toUpperCase())) {
      issues.push(`${PRICE_VARIABLES[id]}: needs a ${e.STRIPE_CURRENCY.toUpperCase()} price for Stripe`);
    }
    if (e.ROBOKASSA_LOGIN && !currencies.includes("RUB")) {
      issues.push(`${PRICE_VARIABLES[id]}: needs a RUB price for Robokassa`);
    }
  }
  return issues;
}

/** The payment configuration; call after paymentIssues found nothing. */
export function paymentConfig(e: PaymentEnv): PaymentConfig {
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL ?? null,
            currency: e.STRIPE_CURRENCY.toUpperCase(),
          }
        : null,
    robokassa:
      e.ROBOKASSA_LOGIN && e.ROBOKASSA_PASSWORD1 && e.ROBOKASSA_PASSWORD2
        ? {
            login: e.ROBOKASSA_LOGIN,
            password1: e.ROBOKASSA_PASSWORD1,
            password2: e.ROBOKASSA_PASSWORD2,
            test: e.ROBOKASSA_TEST === "true",
            hash: e.ROBOKASSA_HASH,
            paymentUrl: e.ROBOKASSA_URL,
            apiUrl: e.ROBOKASSA_API_URL,
            receipt: e.ROBOKASSA_RECEIPT_TAX
              ? {
                  sno: e.ROBOKASSA_RECEIPT_SNO ?? null,
                  tax: e.ROBOKASSA_RECEIPT_TAX,
                  paymentMethod: e.ROBOKASSA_RECEIPT_PAYMENT_METHOD,
                  paymentObject: e.ROBOKASSA_RECEIPT_PAYMENT_OBJECT,
                }
              : null,
          }
        : null,
    prices: prices(e),
    reconcile: {
      intervalMs: e.PAYMENT_RECONCILE_INTERVAL_S * 1000,
      checkAfterMs: e.PAYMENT_RECONCILE_AFTER_S * 1000,
    },
  };
}
