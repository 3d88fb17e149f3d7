import { createHash, timingSafeEqual } from "node:crypto";
import { SaxesParser } from "saxes";
import type { RobokassaConfig, RobokassaHash } from "../config/payment-config.ts";

/**
 * Robokassa's classic payment protocol (docs.robokassa.ru, robokassa/sdk-php): a signed payment URL out, a signed
 * ResultURL notification in, and the XML web service's OpStateExt to ask what became of an invoice whose
 * notification never came (the only call made from here).
 */

/** Kopecks to Robokassa's OutSum ("123.45"), never through floating point. */
export function formatOutSum(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** OutSum as received ("100.000000" live, "100.00" in test mode) to kopecks; null when it is not a sum in kopecks. */
export function parseOutSum(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  return Number(match[1]) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Shp_ parameters as they enter a signature: `Shp_key=value`, sorted by name. */
export function shpPart(shp: Record<string, string>): string[] {
  return Object.keys(shp)
    .sort()
    .map((key) => `${key}=${shp[key]}`);
}

export function hashHex(algorithm: RobokassaHash, text: string): string {
  return createHash(algorithm).update(text, "utf8").digest("hex");
}

/** SignatureValue of a payment link: `MerchantLogin:OutSum:InvId[:Receipt]:Password#1[:Shp_…]`. */
export function paymentSignature(input: {
  login: string;
  outSum: string;
  invId: number;
  receipt?: string;
  password1: string;
  shp: Record<string, string>;
  hash: RobokassaHash;
}): string {
  const parts = [input.login, input.outSum, String(input.invId)];
  if (input.receipt !== undefined) parts.push(input.receipt);
  parts.push(input.password1, ...shpPart(input.shp));
  return hashHex(input.hash, parts.join(":"));
}

/** SignatureValue of a ResultURL notification: `OutSum:InvId:Password#2[:Shp_…]`, over the OutSum as received. */
export function resultSignature(input: {
  outSum: string;
  invId: string;
  password2: string;
  shp: Record<string, string>;
  hash: RobokassaHash;
}): string {
  return hashHex(input.hash, [input.outSum, input.invId, input.password2, ...shpPart(input.shp)].join(":"));
}

/** The 54-FZ receipt of one premium pack, URL-encoded once: that exact text is signed and sent. */
export function encodeReceipt(
  receipt: NonNullable<RobokassaConfig["receipt"]>,
  item: { name: string; outSum: string },
): string {
  const json = JSON.stringify({
    ...(receipt.sno ? { sno: receipt.sno } : {}),
    items: [
      {
        name: item.name.slice(0, 128),
        quantity: 1,
        sum: Number(item.outSum),
        tax: receipt.tax,
        payment_method: receipt.paymentMethod,
        payment_object: receipt.paymentObject,
      },
    ],
  });
  return encodeURIComponent(json);
}

export type ResultNotification = {
  invId: number;
  outSum: string;
  amountMinor: number;
  shp: Record<string, string>;
  isTest: boolean;
};

export type ResultCheck = { ok: true; notification: ResultNotification } | { ok: false; reason: string };

/**
 * What OpStateExt says about an invoice. `state` is Robokassa's State/Code: 5 created, 10 cancelled (no money), 20
 * on hold, 50 received and being paid out, 60 returned to the buyer, 80 suspended, 100 paid. Robokassa knows no
 * operation for an invoice nobody started paying (Result/Code 3): `unknown`.
 */
export type OperationState =
  | {
      found: true;
      state: number;
      outSum: string | null;
      /** Info/OutSum and Info/IncSum in kopecks (null when absent or not a sum): the invoice's sum is one of them. */
      sumsMinor: number[];
      shp: Record<string, string>;
    }
  | { found: false };

/** OpStateExt's Result/Code values that mean "no such operation" rather than a failure to answer. */
const RESULT_NOT_FOUND = 3;

/** OpStateExt's answer, read: Result/Code, State/Code, Info/OutSum and the Shp_ user fields. */
export function parseOperationState(xml: string): OperationState {
  const parser = new SaxesParser();
  const path: string[] = [];
  const texts = new Map<string, string>();
  const fields: { name: string; value: string }[] = [];
  let field: { name: string; value: string } | null = null;
  parser.on("opentag", (tag) => {
    path.push(tag.name.split(":").pop() ?? tag.name);
    if (path.at(-1) === "Field") field = { name: "", value: "" };
  });
  parser.on("text", (text) => {
    const key = path.slice(1).join("/");
    texts.set(key, (texts.get(key) ?? "") + text);
    if (field && path.at(-2) === "Field") {
      if (path.at(-1) === "Name") field.name += text;
      if (path.at(-1) === "Value") field.value += text;
    }
  });
  parser.on("closetag", () => {
    if (path.pop() === "Field" && field) {
      fields.push(field);
      field = null;
    }
  });
  parser.write(xml).close();
  const code = Number(texts.get("Result/Code")?.trim());
  if (code === RESULT_NOT_FOUND) return { found: false };
  if (code !== 0) {
    throw new Error(`Robokassa OpStateExt answered ${code}: ${texts.get("Result/Description")?.trim() ?? ""}`);
  }
  const state = Number(texts.get("State/Code")?.trim());
  if (!Number.isInteger(state)) throw new Error("Robokassa OpStateExt answered without a state");
  const outSum = texts.get("Info/OutSum")?.trim() || null;
  const incSum = texts.get("Info/IncSum")?.trim() || null;
  const sumsMinor = [outSum, incSum]
    .map((sum) => (sum === null ? null : parseOutSum(sum)))
    .filter((sum): sum is number => sum !== null);
  const shp = Object.fromEntries(
    fields.filter((entry) => /^shp_/i.test(entry.name.trim())).map((entry) => [entry.name.trim(), entry.value.trim()]),
  );
  return { found: true, state, outSum, sumsMinor, shp };
}

/** Signature of an OpStateExt request: `MerchantLogin:InvoiceID:Password#2`. */
export function operationStateSignature(input: {
  login: string;
  invId: number;
  password2: string;
  hash: RobokassaHash;
}): string {
  return hashHex(input.hash, [input.login, String(input.invId), input.password2].join(":"));
}

export interface Robokassa {
  readonly test: boolean;
  /** The address the browser opens to pay an invoice. */
  paymentUrl(input: {
    invId: number;
    amountMinor: number;
    description: string;
    email?: string;
    culture: "ru" | "en";
    shp: Record<string, string>;
  }): string;
  /** Checks a ResultURL notification's signature (password 2) and reads it. */
  checkResult(params: Record<string, string>): ResultCheck;
  /** Asks Robokassa's XML web service (OpStateExt) what became of an invoice; throws when it cannot answer. */
  operationState(invId: number): Promise<OperationState>;
}

const safeEqualHex = (a: string, b: string) => {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The Robokassa route of a shop configured by ROBOKASSA_*. */
export function createRobokassa(config: RobokassaConfig): Robokassa {
  return {
    test: config.test,
    paymentUrl(input) {
      const outSum = formatOutSum(input.amountMinor);
      const receipt = config.receipt ? encodeReceipt(config.receipt, { name: input.description, outSum }) : undefined;
      const url = new URL(config.paymentUrl);
      const params = url.searchParams;
      params.set("MerchantLogin", config.login);
      params.set("OutSum", outSum);
      params.set("InvId", String(input.invId));
      params.set("Description", input.description.slice(0, 100));
      params.set(
        "SignatureValue",
        paymentSignature({
          login: config.login,
          outSum,
          invId: input.invId,
          ...(receipt === undefined ? {} : { receipt }),
          password1: config.password1,
          shp: input.shp,
          hash: config.hash,
        }),
      );
      if (receipt !== undefined) params.set("Receipt", receipt);
      if (input.email) params.set("Email", input.email);
      params.set("Culture", input.culture);
      if (config.test) params.set("IsTest", "1");
      for (const [key, value] of Object.entries(input.shp)) params.set(key, value);
      return url.toString();
    },
    checkResult(params) {
      const outSum = params.OutSum ?? params.out_summ ?? "";
      const invId = params.InvId ?? params.inv_id ?? "";
      const signature = params.SignatureValue ?? params.crc ?? "";
      const shp = Object.fromEntries(Object.entries(params).filter(([key]) => /^shp_/i.test(key)));
      if (!outSum || !/^\d{1,9}$/.test(invId) || !signature) return { ok: false, reason: "missing-fields" };
      const expected = resultSignature({ outSum, invId, password2: config.password2, shp, hash: config.hash });
      if (!safeEqualHex(expected, signature)) return { ok: false, reason: "bad-signature" };
      const amountMinor = parseOutSum(outSum);
      if (amountMinor === null) return { ok: false, reason: "bad-sum" };
      const isTest = params.IsTest === "1";
      return { ok: true, notification: { invId: Number(invId), outSum, amountMinor, shp, isTest } };
    },
    async operationState(invId) {
      const url = new URL(`${config.apiUrl.replace(/\/+$/, "")}/OpStateExt`);
      url.searchParams.set("MerchantLogin", config.login);
      url.searchParams.set("InvoiceID", String(invId));
      url.searchParams.set(
        "Signature",
        operationStateSignature({ login: config.login, invId, password2: config.password2, hash: config.hash }),
      );
      const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      if (!response.ok) throw new Error(`Robokassa OpStateExt answered HTTP ${response.status}`);
      return parseOperationState(await response.text());
    },
  };
}
