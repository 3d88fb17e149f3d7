import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlementLedger, paymentEvents } from "../db/schema/index.ts";
import { addMonths } from "../services/payments/ledger.ts";
import { registerConfirmedUser, signedInBrowser } from "../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import type { TestBrowser } from "../test-support/test-browser.ts";

const ROBOKASSA = {
  ROBOKASSA_LOGIN: "handfont-shop",
  ROBOKASSA_PASSWORD1: "first-password",
  ROBOKASSA_PASSWORD2: "second-password",
  ROBOKASSA_HASH: "sha256",
  ROBOKASSA_RECEIPT_SNO: "usn_income",
  ROBOKASSA_RECEIPT_TAX: "none",
  PRICE_6M: "EUR:19.99,RUB:1990",
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let live: TestApp;
let test: TestApp;
beforeAll(async () => {
  live = await createTestApp(ROBOKASSA);
  test = await createTestApp({ ...ROBOKASSA, ROBOKASSA_TEST: "true" });
});
afterAll(async () => {
  await live?.close();
  await test?.close();
});

type Buyer = { id: string; browser: TestBrowser };
async function buyer(t: TestApp): Promise<Buyer> {
  const user = await registerConfirmedUser(t.app, "rob");
  return { id: user.id, browser: await signedInBrowser(t.app, user) };
}

async function invoice(who: Buyer) {
  const response = await who.browser.post("/api/paymentRob", { purchase: "6m" });
  expect(response.statusCode, response.body).toBe(200);
  const { paymentId, url } = response.json() as { paymentId: string; url: string };
  return { paymentId, url: new URL(url), invId: new URL(url).searchParams.get("InvId")! };
}

/** A ResultURL notification as Robokassa sends it: OutSum with six decimals, signed with password 2. */
function notice(
  invId: string,
  paymentId: string,
  overrides: { outSum?: string; password?: string; isTest?: boolean } = {},
) {
  const outSum = overrides.outSum ?? "1990.000000";
  const signature = sha256(`${outSum}:${invId}:${overrides.password ?? "second-password"}:Shp_payment=${paymentId}`);
  const form = new URLSearchParams({ OutSum: outSum, InvId: invId, SignatureValue: signature, Shp_payment: paymentId });
  if (overrides.isTest) form.set("IsTest", "1");
  return form.toString();
}
const result = (t: TestApp, payload: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/robokassa/result",
    payload,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const ledgerLines = (t: TestApp, userId: string) =>
  t.database.db
    .select()
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.userId, userId), eq(entitlementLedger.kind, "purchase")));
const premiumUntil = async (who: Buyer) => (await who.browser.get("/api/subscribe/getBalance")).json().premiumUntil;

describe("Robokassa", () => {
  it("signs the payment URL with password 1 over login, sum, InvId and the encoded receipt, then Shp_", async () => {
    const who = await buyer(live);
    const { paymentId, url, invId } = await invoice(who);
    const params = url.searchParams;
    expect(url.origin + url.pathname).toBe("https://auth.robokassa.ru/Merchant/Index.aspx");
    expect(params.get("MerchantLogin")).toBe("handfont-shop");
    expect(params.get("OutSum")).toBe("1990.00");
    expect(params.get("Shp_payment")).toBe(paymentId);
    expect(params.get("IsTest")).toBeNull();
    const receipt = params.get("Receipt")!;
    expect(JSON.parse(decodeURIComponent(receipt))).toEqual({
      sno: "usn_income",
      items: [
        {
          name: "Handfont premium, 6 month(s)",
          quantity: 1,
          sum: 1990,
          tax: "none",
          payment_method: "full_prepayment",
          payment_object: "service",
        },
      ],
    });
    expect(params.get("SignatureValue")).toBe(
      sha256(`handfont-shop:1990.00:${invId}:${receipt}:first-password:Shp_payment=${paymentId}`),
    );
  });

  it("grants on a valid ResultURL once, answering OK{InvId} to every repeat and to simultaneous ones", async () => {
    const who = await buyer(live);
    const { paymentId, invId } = await invoice(who);
    const before = new Date();
    const first = await result(live, notice(invId, paymentId));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toBe(`OK${invId}`);
    expect(first.headers["content-type"]).toContain("text/plain");
    const end = new Date(await premiumUntil(who));
    expect(end.getTime()).toBeGreaterThanOrEqual(addMonths(before, 6).getTime());
    expect(end.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 6).getTime());

    const repeats = await Promise.all(Array.from({ length: 5 }, () => result(live, notice(invId, paymentId))));
    expect(repeats.map((answer) => answer.body)).toEqual(Array(5).fill(`OK${invId}`));
    expect(await ledgerLines(live, who.id)).toHaveLength(1);
    expect(await premiumUntil(who)).toBe(end.toISOString());
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json()).toMatchObject({
      status: "paid",
      price: { amountMinor: 199_000, currency: "RUB" },
      premiumUntil: end.toISOString(),
    });
  });

  it("accepts a GET notification with the test-mode sum format (two decimals)", async () => {
    const who = await buyer(live);
    const { paymentId, invId } = await invoice(who);
    const response = await live.app.inject({
      method: "GET",
      url: `/api/payments/robokassa/result?${notice(invId, paymentId, { outSum: "1990.00" })}`,
    });
    expect(response.body).toBe(`OK${invId}`);
  });

  it("refuses a bad signature, a wrong sum, an unknown invoice and a test payment on a live shop, and logs them", async () => {
    const who = await buyer(live);
    const { paymentId, invId } = await invoice(who);
    const refusals = [
      [notice(invId, paymentId, { password: "first-password" }), "PAYMENT_SIGNATURE_INVALID"],
      [notice(invId, paymentId, { outSum: "1.000000" }), "PAYMENT_AMOUNT_MISMATCH"],
      [notice("999999", paymentId), "PAYMENT_UNKNOWN_INVOICE"],
      [notice(invId, "00000000-0000-4000-8000-000000000000"), "PAYMENT_UNKNOWN_INVOICE"],
      [notice(invId, paymentId, { isTest: true }), "PAYMENT_SIGNATURE_INVALID"],
    ] as const;
    for (const [payload, code] of refusals) {
      const response = await result(live, payload);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect(await ledgerLines(live, who.id)).toHaveLength(0);
    const logged = await live.database.db.select().from(paymentEvents).where(eq(paymentEvents.provider, "robokassa"));
    const outcomes = logged.map((event) => event.outcome);
    for (const reason of ["bad-signature", "amount-mismatch", "unknown-invoice", "test-mode-mismatch"]) {
      expect(outcomes).toContain(reason);
    }
    expect(logged.some((event) => "SignatureValue" in event.payload)).toBe(false);
  });

  it("sends IsTest=1 in test mode and accepts test notifications there", async () => {
    const who = await buyer(test);
    const { paymentId, url, invId } = await invoice(who);
    expect(url.searchParams.get("IsTest")).toBe("1");
    expect((await result(test, notice(invId, paymentId, { isTest: true }))).body).toBe(`OK${invId}`);
    expect((await result(test, notice(invId, paymentId))).statusCode).toBe(400);
  });

  it("only redirects from SuccessURL and FailURL, granting nothing", async () => {
    const who = await buyer(live);
    const { paymentId, invId } = await invoice(who);
    const success = await live.app.inject({
      method: "POST",
      url: "/api/payments/robokassa/success",
      payload: `OutSum=1990.00&InvId=${invId}&SignatureValue=whatever&Culture=ru`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(success.statusCode).toBe(303);
    expect(success.headers.location).toBe(`/en/payment/psuccess?payment=${paymentId}`);
    const fail = await live.app.inject({ method: "GET", url: `/api/payments/robokassa/fail?InvId=${invId}` });
    expect(fail.headers.location).toBe(`/en/payment/pfail?payment=${paymentId}`);
    expect(await premiumUntil(who)).toBeNull();
  });

  it("does not sell the monthly subscription through Robokassa", async () => {
    const who = await buyer(live);
    const response = await who.browser.post("/api/paymentRob", { purchase: "monthly" });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("PURCHASE_UNAVAILABLE");
  });
});
