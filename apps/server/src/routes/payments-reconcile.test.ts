import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlementLedger, payments } from "../db/schema/index.ts";
import { createPaymentFeature, startPaymentBackground } from "../payments.ts";
import { createLogMailer } from "../ports/mailer.ts";
import type { Payments } from "../services/payments/index.ts";
import { addMonths } from "../services/payments/ledger.ts";
import { EXPIRE_AFTER_MS } from "../services/payments/reconcile.ts";
import { registerConfirmedUser, signedInBrowser } from "../test-support/accounts.ts";
import { type FakeRobokassaApi, startFakeRobokassaApi } from "../test-support/fake-robokassa-api.ts";
import { type FakeStripeApi, startFakeStripeApi } from "../test-support/fake-stripe-api.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import type { TestBrowser } from "../test-support/test-browser.ts";

const WEBHOOK_SECRET = "whsec_test_handfont_reconcile";
const ROBOKASSA = { login: "handfont-shop", password2: "second-password", hash: "sha256" };
const CHECK_AFTER_S = 300;
let stripe: FakeStripeApi;
let robokassa: FakeRobokassaApi;
let t: TestApp;

beforeAll(async () => {
  // No webhook address: the fake never tells the server anything, as when a notification is lost.
  stripe = await startFakeStripeApi({ webhookSecret: WEBHOOK_SECRET });
  robokassa = await startFakeRobokassaApi(ROBOKASSA);
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_handfont",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ROBOKASSA_LOGIN: ROBOKASSA.login,
    ROBOKASSA_PASSWORD1: "first-password",
    ROBOKASSA_PASSWORD2: ROBOKASSA.password2,
    ROBOKASSA_HASH: ROBOKASSA.hash,
    ROBOKASSA_API_URL: robokassa.url,
    PAYMENT_RECONCILE_AFTER_S: String(CHECK_AFTER_S),
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await robokassa?.close();
});

/** The check as another server process runs it: its own payment services over the same database. */
const anotherProcess = (): Promise<Payments> =>
  createPaymentFeature({
    config: t.config,
    database: t.database,
    mailer: createLogMailer(() => {}, null, { now: () => new Date() }),
    log: t.app.log,
    now: () => new Date(),
  });
let checker: Payments;
beforeAll(async () => {
  checker = await anotherProcess();
});

type Buyer = { id: string; browser: TestBrowser };
async function buyer(): Promise<Buyer> {
  const user = await registerConfirmedUser(t.app, "late");
  return { id: user.id, browser: await signedInBrowser(t.app, user) };
}
async function start(who: Buyer, route: "stripe" | "paymentRob", purchase = "1m") {
  const response = await who.browser.post(`/api/${route}`, { purchase });
  expect(response.statusCode, response.body).toBe(200);
  const { paymentId, url } = response.json() as { paymentId: string; url: string };
  return { paymentId, url: new URL(url) };
}
/** Makes a payment look `ms` old (the check leaves younger ones to their notification). */
const age = (paymentId: string, ms: number) =>
  t.database.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, paymentId));
const statusOf = async (paymentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status;
const purchases = (userId: string) =>
  t.database.db
    .select()
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.userId, userId), eq(entitlementLedger.kind, "purchase")));
const MINUTES_10 = 10 * 60_000;

describe("pending Stripe payments", () => {
  it("grants a paid session whose webhook never came, and psuccess then shows the new end date", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    const sessionId = url.pathname.split("/").pop()!;
    stripe.pay(sessionId);
    await age(paymentId, MINUTES_10);
    const report = await checker.reconcile();
    expect(report.granted).toBeGreaterThanOrEqual(1);
    expect(await statusOf(paymentId)).toBe("paid");
    const [line] = await purchases(who.id);
    const state = (await who.browser.get(`/api/payments/${paymentId}`)).json();
    expect(state.status).toBe("paid");
    expect(state.premiumUntil).toBe(addMonths(line!.createdAt, 1).toISOString());

    // The webhook arriving after all grants nothing more.
    const payload = JSON.stringify(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!));
    const late = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": stripe.signature(payload) },
    });
    expect(late.json().outcome).toBe("already");
    expect(await purchases(who.id)).toHaveLength(1);
  });

  it("grants once when several processes check at the same moment", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe", "6m");
    stripe.pay(url.pathname.split("/").pop()!);
    await age(paymentId, MINUTES_10);
    const others = await Promise.all([anotherProcess(), anotherProcess()]);
    await Promise.all([checker.reconcile(), ...others.map((other) => other.reconcile())]);
    expect(await purchases(who.id)).toHaveLength(1);
    expect(await statusOf(paymentId)).toBe("paid");
  });

  it("leaves a payment younger than the check's delay to its webhook", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    stripe.pay(url.pathname.split("/").pop()!);
    await age(paymentId, (CHECK_AFTER_S - 60) * 1000);
    await checker.reconcile();
    expect(await statusOf(paymentId)).toBe("pending");
    expect(await purchases(who.id)).toHaveLength(0);
  });

  it("keeps an open session pending for a day, then closes it at Stripe and expires the payment", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    const sessionId = url.pathname.split("/").pop()!;
    await age(paymentId, MINUTES_10);
    await checker.reconcile();
    expect(await statusOf(paymentId)).toBe("pending");
    expect(stripe.sessions.get(sessionId)!.status).toBe("open");

    await age(paymentId, EXPIRE_AFTER_MS + 60_000);
    await checker.reconcile();
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    expect(await statusOf(paymentId)).toBe("expired");
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json().status).toBe("expired");
    expect(await purchases(who.id)).toHaveLength(0);
  });

  it("expires an old open session once when several processes check it at the same moment", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    await age(paymentId, EXPIRE_AFTER_MS + 60_000);
    const others = await Promise.all([anotherProcess(), anotherProcess()]);
    const reports = await Promise.all([checker.reconcile(), ...others.map((other) => other.reconcile())]);
    expect(reports.map((report) => report.errors)).toEqual([0, 0, 0]);
    expect(stripe.sessions.get(url.pathname.split("/").pop()!)!.status).toBe("expired");
    expect(await statusOf(paymentId)).toBe("expired");
  });

  it("does not expire a completed session whose bank payment is still on its way", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    stripe.pay(url.pathname.split("/").pop()!, "unpaid");
    await age(paymentId, EXPIRE_AFTER_MS + 60_000);
    await checker.reconcile();
    expect(await statusOf(paymentId)).toBe("pending");
  });
});

describe("pending Robokassa invoices (OpStateExt)", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

  it("asks with a signature over login, InvoiceID and password 2, and grants a paid invoice once", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "paymentRob", "6m");
    const invId = Number(url.searchParams.get("InvId"));
    robokassa.operations.set(invId, { state: 100, outSum: "1990.000000", shp: { Shp_payment: paymentId } });
    await age(paymentId, MINUTES_10);
    await checker.reconcile();
    const request = robokassa.requests.find((entry) => entry.get("InvoiceID") === String(invId))!;
    expect(request.get("MerchantLogin")).toBe(ROBOKASSA.login);
    expect(request.get("Signature")).toBe(sha256(`${ROBOKASSA.login}:${invId}:${ROBOKASSA.password2}`));
    expect(await statusOf(paymentId)).toBe("paid");
    const [line] = await purchases(who.id);
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json().premiumUntil).toBe(
      addMonths(line!.createdAt, 6).toISOString(),
    );

    // The ResultURL coming late is answered OK and grants nothing more.
    const outSum = "1990.000000";
    const signature = sha256(`${outSum}:${invId}:${ROBOKASSA.password2}:Shp_payment=${paymentId}`);
    const late = await t.app.inject({
      method: "POST",
      url: "/api/payments/robokassa/result",
      payload: new URLSearchParams({
        OutSum: outSum,
        InvId: String(invId),
        SignatureValue: signature,
        Shp_payment: paymentId,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(late.body).toBe(`OK${invId}`);
    expect(await purchases(who.id)).toHaveLength(1);
  });

  it("grants nothing when Robokassa's paid sum or Shp_payment differ from the invoice", async () => {
    const who = await buyer();
    const cheap = await start(who, "paymentRob", "6m");
    const other = await start(who, "paymentRob", "6m");
    robokassa.operations.set(Number(cheap.url.searchParams.get("InvId")), {
      state: 100,
      outSum: "1.000000",
      incSum: "1.000000",
      shp: { Shp_payment: cheap.paymentId },
    });
    robokassa.operations.set(Number(other.url.searchParams.get("InvId")), {
      state: 100,
      outSum: "1990.000000",
      shp: { Shp_payment: cheap.paymentId },
    });
    await age(cheap.paymentId, MINUTES_10);
    await age(other.paymentId, MINUTES_10);
    await checker.reconcile();
    expect(await statusOf(cheap.paymentId)).toBe("pending");
    expect(await statusOf(other.paymentId)).toBe("pending");
    expect(await purchases(who.id)).toHaveLength(0);
  });

  it("grants a paid invoice whose fee was taken from the shop's OutSum when IncSum is the invoice's sum", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "paymentRob", "6m");
    robokassa.operations.set(Number(url.searchParams.get("InvId")), {
      state: 100,
      outSum: "1930.300000",
      incSum: "1990.000000",
      shp: { Shp_payment: paymentId },
    });
    await age(paymentId, MINUTES_10);
    await checker.reconcile();
    expect(await statusOf(paymentId)).toBe("paid");
    expect(await purchases(who.id)).toHaveLength(1);
  });

  it("fails a cancelled invoice, and expires one nobody paid within a day", async () => {
    const who = await buyer();
    const cancelled = await start(who, "paymentRob", "6m");
    const abandoned = await start(who, "paymentRob", "6m");
    const opened = await start(who, "paymentRob", "6m");
    robokassa.operations.set(Number(cancelled.url.searchParams.get("InvId")), { state: 10, outSum: "1990.000000" });
    robokassa.operations.set(Number(opened.url.searchParams.get("InvId")), { state: 5, outSum: "1990.000000" });
    for (const payment of [cancelled, abandoned, opened]) await age(payment.paymentId, MINUTES_10);
    await checker.reconcile();
    expect(await statusOf(cancelled.paymentId)).toBe("failed");
    expect(await statusOf(abandoned.paymentId)).toBe("pending");
    expect(await statusOf(opened.paymentId)).toBe("pending");

    for (const payment of [abandoned, opened]) await age(payment.paymentId, EXPIRE_AFTER_MS + 60_000);
    await checker.reconcile();
    expect(await statusOf(abandoned.paymentId)).toBe("expired");
    expect(await statusOf(opened.paymentId)).toBe("expired");
  });

  it("keeps an invoice pending while Robokassa cannot answer, and never expires one holding money", async () => {
    const who = await buyer();
    const down = await start(who, "paymentRob", "6m");
    const held = await start(who, "paymentRob", "6m");
    robokassa.operations.set(Number(down.url.searchParams.get("InvId")), { httpStatus: 503 });
    robokassa.operations.set(Number(held.url.searchParams.get("InvId")), { state: 20, outSum: "1990.000000" });
    await age(down.paymentId, EXPIRE_AFTER_MS + 60_000);
    await age(held.paymentId, EXPIRE_AFTER_MS + 60_000);
    const report = await checker.reconcile();
    expect(report.errors).toBeGreaterThanOrEqual(1);
    expect(await statusOf(down.paymentId)).toBe("pending");
    expect(await statusOf(held.paymentId)).toBe("pending");
  });
});

describe("the check in a running server", () => {
  it("runs when a server doing background work starts, over the same database", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    stripe.pay(url.pathname.split("/").pop()!);
    await age(paymentId, MINUTES_10);
    const env = {
      STRIPE_SECRET_KEY: "sk_test_handfont",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_RECONCILE_AFTER_S: String(CHECK_AFTER_S),
    };
    const quiet = await createTestApp(env, t.database);
    const worker = await createTestApp(env, t.database, { backgroundWork: true });
    try {
      await expect.poll(() => statusOf(paymentId), { timeout: 10_000 }).toBe("paid");
      expect(await purchases(who.id)).toHaveLength(1);
    } finally {
      await quiet.close();
      await worker.close();
    }
  });

  it("runs in a background process that has no HTTP app (a worker)", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe", "12m");
    stripe.pay(url.pathname.split("/").pop()!);
    await age(paymentId, MINUTES_10);
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const worker = await startPaymentBackground({ config: t.config, database: t.database, log: quiet });
    try {
      await expect.poll(() => statusOf(paymentId), { timeout: 10_000 }).toBe("paid");
      expect(await purchases(who.id)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("does not run in a server without background work", async () => {
    const who = await buyer();
    const { paymentId, url } = await start(who, "stripe");
    stripe.pay(url.pathname.split("/").pop()!);
    await age(paymentId, MINUTES_10);
    const api = await createTestApp(
      {
        STRIPE_SECRET_KEY: "sk_test_handfont",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        PAYMENT_RECONCILE_AFTER_S: String(CHECK_AFTER_S),
      },
      t.database,
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await statusOf(paymentId)).toBe("pending");
    } finally {
      await api.close();
    }
  });
});
