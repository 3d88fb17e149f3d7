import { type Language, REGIONAL_CODES } from "@handfont/contract";
import type { Mailer } from "../../ports/mailer.ts";
import { RECEIPT_TEXTS } from "./receipt-texts.ts";

export type ReceiptInput = {
  to: string;
  username: string;
  language: Language;
  payment: {
    provider: "stripe" | "robokassa";
    purchase: string;
    months: number;
    amountMinor: number;
    currency: string;
    paidAt?: Date | null;
  };
  premiumUntil: Date;
};

/** Sends receipts in the background (a notification's answer never waits for SMTP); failures are logged. */
export interface ReceiptMail {
  send(input: ReceiptInput): void;
  flush(): Promise<void>;
}

const PROVIDER_NAMES = { stripe: "Stripe", robokassa: "Robokassa" } as const;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const fill = (template: string, vars: Record<string, string>, encode: (value: string) => string = (v) => v) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? encode(vars[name]!) : whole));

/** The receipt in the buyer's language: amount and dates formatted with the language's regional code. */
export function renderReceipt(input: ReceiptInput, signature: string) {
  const text = RECEIPT_TEXTS[input.language] ?? RECEIPT_TEXTS.en;
  const locale = REGIONAL_CODES[input.language] ?? "en-US";
  const date = (value: Date) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(value);
  const vars = {
    username: input.username,
    item: input.payment.purchase === "monthly" ? text.monthly : text.months(input.payment.months),
    amount: new Intl.NumberFormat(locale, { style: "currency", currency: input.payment.currency }).format(
      input.payment.amountMinor / 100,
    ),
    provider: PROVIDER_NAMES[input.payment.provider],
    paidAt: date(input.payment.paidAt ?? new Date()),
    until: date(input.premiumUntil),
  };
  const lines = [text.greeting, text.body, text.until, text.note];
  return {
    subject: text.subject,
    text: `${[...lines.map((line) => fill(line, vars)), `— ${signature}`].join("\n\n")}\n`,
    html: `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(text.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px;margin:24px auto;padding:0 16px">
${lines.map((line) => `<p>${fill(escapeHtml(line), vars, escapeHtml)}</p>`).join("\n")}
<p style="color:#555">— ${escapeHtml(signature)}</p>
</body></html>`,
  };
}

export function createReceiptMail(deps: {
  mailer: Mailer;
  signature: string;
  logError: (error: unknown, context: { to: string }) => void;
}): ReceiptMail {
  const pending = new Set<Promise<void>>();
  return {
    send(input) {
      const delivery = deps.mailer
        .send({ to: input.to, language: input.language, ...renderReceipt(input, deps.signature) })
        .catch((error: unknown) => deps.logError(error, { to: input.to }))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
