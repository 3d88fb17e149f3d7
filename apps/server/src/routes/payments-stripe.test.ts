import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entitlementLedger, payments } from "../db/schema/index.ts";
import { addMonths } from "../services/payments/ledger.ts";
import { registerConfirmedUser, signedInBrowser } from "../test-support/accounts.ts";
import { type FakeStripeApi, startFakeStripeApi } from "../test-support/fake-stripe-api.ts";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import type { TestBrowser } from "../test-support/test-browser.ts";

const WEBHOOK_SECRET = "whsec_test_handfont_0123456789";
const DAY_MS = 86_400_000;
let fake: FakeStripeApi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripeApi({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_handfont",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PRICE_1M: "EUR:4.99,RUB:490",
    PRICE_6M: "EUR:19.99,RUB:1990",
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Buyer = { id: string; email: string; browser: TestBrowser };
async function buyer(): Promise<Buyer> {
  const user = await registerConfirmedUser(t.app, "buyer");
  return { id: user.id, email: user.email, browser: await signedInBrowser(t.app, user) };
}

async function checkout(who: Buyer, purchase: string, language = "en") {
  const response = await who.browser.post("/api/stripe", { purchase }, { headers: { "accept-language": language } });
  expect(response.statusCode, response.body).toBe(200);
  const { paymentId, url } = response.json() as { paymentId: string; url: string };
  const sessionId = new URL(url).pathname.split("/").pop()!;
  return { paymentId, sessionId, session: fake.sessions.get(sessionId)! };
}

async function deliver(payload: string, signature = fake.signature(payload)) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}
const send = async (type: string, object: object, created?: number) => {
  const response = await deliver(JSON.stringify(fake.event(type, object as Record<string, unknown>, created)));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().outcome as string;
};

const outbox = async (to: string): Promise<{ subject: string; text: string }[]> =>
  (await t.app.inject({ method: "GET", url: "/api/debug/outbox" }))
    .json()
    .messages.filter((mail: { to: string; subject: string }) => mail.to === to && mail.subject.includes("receipt"));
const balance = async (who: Buyer) => (await who.browser.get("/api/subscribe/getBalance")).json();
const until = async (who: Buyer) => (await balance(who)).premiumUntil as string | null;
const purchaseLines = (userId: string) =>
  t.database.db
    .select()
    .from(entitlementLedger)
    .where(and(eq(entitlementLedger.userId, userId), eq(entitlementLedger.kind, "purchase")));

describe("Stripe Checkout through the real SDK", () => {
  it("offers Stripe with its prices and the monthly subscription", async () => {
    const offer = (await t.app.inject({ method: "GET", url: "/api/payments/offer" })).json();
    expect(offer.providers).toEqual(["stripe"]);
    expect(offer.purchases.map((p: { id: string }) => p.id)).toEqual(["1m", "6m", "12m", "monthly"]);
    expect(offer.purchases[0].prices).toEqual({ stripe: { amountMinor: 499, currency: "EUR" } });
  });

  it("creates a session with an Idempotency-Key and the pinned API version, and grants a paid pack once", async () => {
    const who = await buyer();
    const { paymentId, sessionId, session } = await checkout(who, "1m");
    const create = fake.requests.find(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/checkout/sessions" &&
        r.form.metadata &&
        (r.form.metadata as { paymentId?: string }).paymentId === paymentId,
    )!;
    expect(create.headers["idempotency-key"]).toBe(`checkout:${paymentId}`);
    expect(create.headers["stripe-version"]).toBe("2026-10-28.endive");
    expect(create.form.mode).toBe("payment");
    expect(create.form.client_reference_id).toBe(who.id);
    expect(String(create.form.success_url)).toContain(`/en/payment/psuccess?payment=${paymentId}`);

    const before = Date.now();
    fake.pay(sessionId);
    const event = fake.event("checkout.session.completed", session);
    const payload = JSON.stringify(event);
    expect((await deliver(payload)).json().outcome).toBe("granted");
    const end = new Date((await until(who))!).getTime();
    expect(end).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime());
    expect(end).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());

    // Replayed: the same event again, and another event about the same session.
    expect((await deliver(payload)).json().outcome).toBe("duplicate");
    expect(await send("checkout.session.async_payment_succeeded", session)).toBe("already");
    expect(await purchaseLines(who.id)).toHaveLength(1);
    expect(new Date((await until(who))!).getTime()).toBe(end);

    const state = (await who.browser.get(`/api/payments/${paymentId}`)).json();
    expect(state).toMatchObject({ status: "paid", provider: "stripe", price: { amountMinor: 499, currency: "EUR" } });
    const history = (await balance(who)).history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: "purchase", months: 1, provider: "stripe", refunded: false });
  });

  it("mails a receipt in the buyer's language", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "6m", "ru");
    fake.pay(sessionId);
    await send("checkout.session.completed", session);
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i += 1) {
      const outbox = (await t.app.inject({ method: "GET", url: "/api/debug/outbox" })).json();
      mail = outbox.messages.find(
        (m: { to: string; subject: string }) => m.to === who.email && m.subject.includes("Handfont"),
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mail?.subject).toBe("Чек об оплате премиума Handfont");
    expect(mail?.text).toContain("6 месяцев");
    expect(mail?.text).toMatch(/19,99\s€/);
  });

  it("waits for an asynchronous payment and grants on async_payment_succeeded", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "1m");
    fake.pay(sessionId, "unpaid");
    expect(await send("checkout.session.completed", session)).toBe("awaiting-payment");
    expect((await balance(who)).isPremium).toBe(false);
    session.payment_status = "paid";
    expect(await send("checkout.session.async_payment_succeeded", session)).toBe("granted");
    expect((await balance(who)).isPremium).toBe(true);
  });

  it("marks a failed asynchronous payment failed and grants nothing", async () => {
    const who = await buyer();
    const { paymentId, sessionId, session } = await checkout(who, "1m");
    fake.pay(sessionId, "unpaid");
    expect(await send("checkout.session.async_payment_failed", session)).toBe("failed");
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json().status).toBe("failed");
    expect((await balance(who)).isPremium).toBe(false);
  });

  it("marks a session that ran out unpaid expired", async () => {
    const who = await buyer();
    const { paymentId, session } = await checkout(who, "1m");
    session.status = "expired";
    expect(await send("checkout.session.expired", session)).toBe("expired");
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json().status).toBe("expired");
    expect((await balance(who)).isPremium).toBe(false);
  });

  it("takes back exactly what a refunded pack gave, also when the refund arrives first", async () => {
    const who = await buyer();
    const six = await checkout(who, "6m");
    fake.pay(six.sessionId);
    await send("checkout.session.completed", six.session);
    const one = await checkout(who, "1m");
    fake.pay(one.sessionId);
    const oneStarted = new Date();
    await send("checkout.session.completed", one.session);
    const charge = fake.chargeOf(six.session);
    fake.refund(String(charge.id), 1999);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    const end = new Date((await until(who))!).getTime();
    expect(end).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect(end).toBeGreaterThanOrEqual(addMonths(oneStarted, 1).getTime() - 5_000);
    expect((await who.browser.get(`/api/payments/${six.paymentId}`)).json().status).toBe("refunded");

    // Out of order: the refund of a pack comes before the news that it was paid.
    const other = await buyer();
    const late = await checkout(other, "12m");
    fake.pay(late.sessionId);
    const early = fake.chargeOf(late.session);
    fake.refund(String(early.id), 2999);
    expect(await send("charge.refunded", early)).toBe("refunded");
    await send("checkout.session.completed", late.session);
    expect((await balance(other)).isPremium).toBe(false);
    expect((await other.browser.get(`/api/payments/${late.paymentId}`)).json().status).toBe("refunded");
  });

  it("takes back the refunded share of a pack's days for partial refunds, each refund counted once", async () => {
    const who = await buyer();
    const pack = await checkout(who, "1m"); // 4.99 EUR
    fake.pay(pack.sessionId);
    await send("checkout.session.completed", pack.session);
    const [line] = await purchaseLines(who.id);
    const start = line!.createdAt;
    const full = addMonths(start, 1);
    const days = Math.round((full.getTime() - start.getTime()) / DAY_MS);
    expect(new Date((await until(who))!).getTime()).toBe(full.getTime());
    const charge = fake.chargeOf(pack.session);
    const chargeId = String(charge.id);

    // 1.00 EUR of 4.99 back: ceil(days × 100 / 499) whole days come off the end.
    const first = fake.refund(chargeId, 100);
    const firstEvent = JSON.stringify(fake.event("charge.refunded", charge));
    expect((await deliver(firstEvent)).json().outcome).toBe("refunded");
    const afterFirst = full.getTime() - Math.ceil((days * 100) / 499) * DAY_MS;
    expect(new Date((await until(who))!).getTime()).toBe(afterFirst);
    expect((await who.browser.get(`/api/payments/${pack.paymentId}`)).json().status).toBe("paid");

    // The same event again, and another event about the same refund: nothing more is taken.
    expect((await deliver(firstEvent)).json().outcome).toBe("duplicate");
    expect(await send("charge.refund.updated", first)).toBe("already");
    expect(new Date((await until(who))!).getTime()).toBe(afterFirst);

    // A second partial refund adds up with the first: 2.50 EUR of 4.99 in all.
    fake.refund(chargeId, 150);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    const afterSecond = full.getTime() - Math.ceil((days * 250) / 499) * DAY_MS;
    expect(new Date((await until(who))!).getTime()).toBe(afterSecond);
    const history = (await balance(who)).history as { kind: string; price: { amountMinor: number } | null }[];
    expect(history.filter((entry) => entry.kind === "refund").map((entry) => entry.price?.amountMinor)).toEqual(
      expect.arrayContaining([100, 150]),
    );

    // A refund that fails after it was counted does not give the time back (the buyer is still owed the money).
    fake.failRefund(String(first.id));
    expect(await send("refund.failed", fake.refunds.get(String(first.id))!)).toBe("already");
    expect(new Date((await until(who))!).getTime()).toBe(afterSecond);

    // The rest of the price: the pack is gone and the payment is refunded.
    fake.refund(chargeId, 249);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    expect(await until(who)).toBeNull();
    expect((await who.browser.get(`/api/payments/${pack.paymentId}`)).json().status).toBe("refunded");
  });

  it("counts a partial refund that arrives before the news of the payment", async () => {
    const who = await buyer();
    const pack = await checkout(who, "6m"); // 19.99 EUR
    fake.pay(pack.sessionId);
    const charge = fake.chargeOf(pack.session);
    fake.refund(String(charge.id), 999);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    expect(await send("checkout.session.completed", pack.session)).toBe("granted");
    const [line] = await purchaseLines(who.id);
    const full = addMonths(line!.createdAt, 6);
    const days = Math.round((full.getTime() - line!.createdAt.getTime()) / DAY_MS);
    expect(new Date((await until(who))!).getTime()).toBe(full.getTime() - Math.ceil((days * 999) / 1999) * DAY_MS);
    expect((await who.browser.get(`/api/payments/${pack.paymentId}`)).json().status).toBe("paid");
  });

  it("refuses a session whose amount differs from the payment's", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "6m");
    fake.pay(sessionId);
    session.amount_total = 1;
    expect(await send("checkout.session.completed", session)).toBe("refused");
    expect((await balance(who)).isPremium).toBe(false);
  });

  it("grants once when the same news arrives many times at once", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "1m");
    fake.pay(sessionId);
    const payload = JSON.stringify(fake.event("checkout.session.completed", session));
    const others = Array.from({ length: 3 }, () => JSON.stringify(fake.event("checkout.session.completed", session)));
    const answers = await Promise.all([payload, payload, payload, ...others].map((body) => deliver(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await purchaseLines(who.id)).toHaveLength(1);
  });

  it("refuses a tampered body, an old timestamp, a wrong secret and a missing signature", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "1m");
    fake.pay(sessionId);
    const payload = JSON.stringify(fake.event("checkout.session.completed", session));
    const tampered = await deliver(
      payload.replace(who.id, "00000000-0000-4000-8000-000000000000"),
      fake.signature(payload),
    );
    const old = await deliver(payload, fake.signature(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    const wrong = await deliver(payload, fake.signature(payload, { secret: "whsec_someone_else" }));
    const none = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      payload,
      headers: { "content-type": "application/json" },
    });
    for (const response of [tampered, old, wrong, none]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("PAYMENT_SIGNATURE_INVALID");
    }
    expect((await balance(who)).isPremium).toBe(false);
  });

  it("fulfils from the success page's check when the webhook has not come", async () => {
    const who = await buyer();
    const { paymentId, sessionId } = await checkout(who, "1m");
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json()).toMatchObject({
      status: "pending",
      premiumUntil: null,
    });
    fake.pay(sessionId);
    const state = (await who.browser.get(`/api/payments/${paymentId}`)).json();
    expect(state.status).toBe("paid");
    expect(state.premiumUntil).toBe(await until(who));
    const stranger = await buyer();
    expect((await stranger.browser.get(`/api/payments/${paymentId}`)).json().code).toBe("PAYMENT_NOT_FOUND");
  });

  it("renews the monthly subscription with each paid invoice and keeps paid time after it is cancelled", async () => {
    const who = await buyer();
    const { paymentId, sessionId, session } = await checkout(who, "monthly");
    const create = fake.requests.findLast((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")!;
    expect(create.form.mode).toBe("subscription");
    const item = (create.form.line_items as Record<string, { price_data: { recurring: unknown } }>)["0"];
    expect(item?.price_data.recurring).toEqual({ interval: "month" });
    fake.pay(sessionId);
    expect(await send("checkout.session.completed", session)).toBe("granted");
    expect((await who.browser.get(`/api/payments/${paymentId}`)).json().status).toBe("paid");

    const now = Math.floor(Date.now() / 1000);
    const invoice = (period: number) => {
      const id = fake.nextId("in");
      const object = {
        id,
        object: "invoice",
        status: "paid",
        customer: session.customer,
        amount_paid: 399,
        currency: "eur",
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: session.subscription, metadata: { userId: who.id } },
        },
        lines: { object: "list", data: [{ id: `il_${id}`, period: { start: now, end: now + period * 86_400 } }] },
      };
      fake.invoices.set(id, object);
      return object;
    };
    const first = invoice(30);
    expect(await send("invoice.paid", first)).toBe("granted");
    await expect
      .poll(async () => (await outbox(who.email)).map((mail) => mail.text))
      .toEqual([expect.stringContaining("a monthly subscription of Handfont premium for €3.99")]);
    expect(await until(who)).toBe(new Date((now + 30 * 86_400) * 1000).toISOString());
    const renewal = invoice(60);
    expect(await send("invoice.paid", renewal)).toBe("granted");
    expect(await send("invoice.paid", renewal)).toBe("already");
    expect(await until(who)).toBe(new Date((now + 60 * 86_400) * 1000).toISOString());

    const subscription = {
      id: session.subscription,
      object: "subscription",
      status: "active",
      customer: session.customer,
    };
    expect(await send("customer.subscription.deleted", { ...subscription, status: "canceled" }, now + 10)).toBe(
      "subscription-updated",
    );
    // An older update arriving late does not bring the subscription back.
    await send("customer.subscription.updated", subscription, now + 5);
    const after = await balance(who);
    expect(after.subscription).toEqual({ status: "canceled", portal: true });
    expect(after.isPremium).toBe(true);

    const portal = await who.browser.post("/api/payments/stripe/portal", {});
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe(`${fake.url}/portal/${session.customer}`);
  });

  it("takes back the refunded share of a subscription period, found through the invoice its payment paid", async () => {
    const who = await buyer();
    const { sessionId, session } = await checkout(who, "monthly");
    fake.pay(sessionId);
    await send("checkout.session.completed", session);
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const invoiceId = fake.nextId("in");
    const invoice = {
      id: invoiceId,
      object: "invoice",
      status: "paid",
      customer: session.customer,
      amount_paid: 399,
      currency: "eur",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: session.subscription, metadata: { userId: who.id } },
      },
      lines: { object: "list", data: [{ id: `il_${invoiceId}`, period: { start: 0, end: periodEnd } }] },
    };
    fake.invoices.set(invoiceId, invoice);
    expect(await send("invoice.paid", invoice)).toBe("granted");
    const until0 = new Date(periodEnd * 1000).getTime();
    expect(new Date((await until(who))!).getTime()).toBe(until0);

    // 2.00 of 3.99 back on a 30-day period: ceil(30 × 200 / 399) = 16 days.
    const charge = fake.chargeOfInvoice(invoiceId);
    fake.refund(String(charge.id), 200);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    expect(new Date((await until(who))!).getTime()).toBe(until0 - 16 * DAY_MS);
    fake.refund(String(charge.id), 199);
    expect(await send("charge.refunded", charge)).toBe("refunded");
    expect((await balance(who)).isPremium).toBe(false);
  });

  it("has no portal for a user without a subscription", async () => {
    const who = await buyer();
    const portal = await who.browser.post("/api/payments/stripe/portal", {});
    expect(portal.statusCode).toBe(404);
    expect(portal.json().code).toBe("NO_SUBSCRIPTION");
  });

  it("does not sell through Robokassa when its keys are not set", async () => {
    const who = await buyer();
    const response = await who.browser.post("/api/paymentRob", { purchase: "1m" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("PAYMENT_ROUTE_UNAVAILABLE");
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, who.id));
    expect(rows).toHaveLength(0);
  });
});
