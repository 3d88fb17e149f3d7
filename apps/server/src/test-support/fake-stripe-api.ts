import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

/** A request the fake received, for tests to assert what the SDK sent. */
export type FakeStripeRequest = { method: string; path: string; headers: IncomingMessage["headers"]; form: Json };

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects (numeric keys stay object keys). */
function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Json;
    });
  }
  return root;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });

/**
 * A local stand-in for the Stripe API (stripe-mock is a Go binary that is not available here): Checkout Sessions
 * (create with Idempotency-Key, retrieve, expire), invoices, invoice payments, charges, refunds and portal sessions,
 * plus a checkout page that "pays" by sending a correctly signed `checkout.session.completed` webhook and redirecting
 * to the session's success_url.
 */
export async function startFakeStripeApi(options: {
  webhookSecret: string;
  webhookUrl?: string;
  port?: number;
  /** How long after "Pay" the session counts as paid and the webhook is sent (0: before the redirect). */
  confirmDelayMs?: number;
}) {
  const confirmDelayMs = options.confirmDelayMs ?? 0;
  const sessions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  /** PaymentIntent id → the invoice it paid (Stripe's invoice payments). */
  const invoiceOfIntent = new Map<string, string>();
  const byIdempotencyKey = new Map<string, Json>();
  const requests: FakeStripeRequest[] = [];
  let serial = 0;
  const nextId = (prefix: string) => {
    serial += 1;
    return `${prefix}_test_${Date.now().toString(36)}${serial}`;
  };
  let base = "";

  const event = (type: string, object: Json, created = Math.floor(Date.now() / 1000)) => ({
    id: nextId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  /** The Stripe-Signature header Stripe would send for this exact payload (the SDK's test helper). */
  const signature = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? options.webhookSecret,
      ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
    });

  /** Marks a session paid as Stripe would (a PaymentIntent; a customer and subscription in subscription mode). */
  const pay = (sessionId: string, status: "paid" | "unpaid" = "paid") => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = "complete";
    session.payment_status = status;
    if (session.mode === "payment") session.payment_intent ??= nextId("pi");
    else {
      session.customer ??= nextId("cus");
      session.subscription ??= nextId("sub");
    }
    return session;
  };

  /** A charge of a paid pack session, as Stripe creates it with the PaymentIntent. */
  const chargeOf = (session: Json) => {
    const charge: Json = {
      id: nextId("ch"),
      object: "charge",
      amount: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: session.currency,
      payment_intent: session.payment_intent,
      metadata: session.metadata ?? {},
    };
    charges.set(String(charge.id), charge);
    return charge;
  };

  /** The charge that paid a subscription invoice (its amount_paid), through a PaymentIntent of its own. */
  const chargeOfInvoice = (invoiceId: string) => {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const intent = nextId("pi");
    invoiceOfIntent.set(intent, invoiceId);
    return chargeOf({ amount_total: invoice.amount_paid, currency: invoice.currency, payment_intent: intent });
  };

  /**
   * A refund of part or all of a charge, as the operator issues it in the Dashboard: the charge's amount_refunded
   * grows (and `refunded` turns true at the full amount). A refund that later fails gives its amount back.
   */
  const refund = (chargeId: string, amount: number, status = "succeeded") => {
    const charge = charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    const created: Json = {
      id: nextId("re"),
      object: "refund",
      amount,
      charge: chargeId,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      status,
      metadata: {},
    };
    refunds.set(String(created.id), created);
    settleCharge(chargeId);
    return created;
  };
  const settleCharge = (chargeId: string) => {
    const charge = charges.get(chargeId)!;
    const counted = [...refunds.values()].filter(
      (entry) => entry.charge === chargeId && (entry.status === "succeeded" || entry.status === "pending"),
    );
    charge.amount_refunded = counted.reduce((sum, entry) => sum + Number(entry.amount), 0);
    charge.refunded = Number(charge.amount_refunded) >= Number(charge.amount);
  };
  const failRefund = (refundId: string) => {
    const entry = refunds.get(refundId);
    if (!entry) throw new Error(`no refund ${refundId}`);
    entry.status = "failed";
    settleCharge(String(entry.charge));
    return entry;
  };

  const sendWebhook = async (payload: string) => {
    if (!options.webhookUrl) return;
    await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature(payload) },
      body: payload,
    });
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "request-id": nextId("req") });
    response.end(JSON.stringify(body));
  };
  const missing = (response: ServerResponse, what: string) =>
    answer(response, 404, { error: { type: "invalid_request_error", message: `No such ${what}` } });

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    const body = await readBody(request);
    const form = parseForm(body);
    requests.push({ method: request.method ?? "GET", path: url.pathname, headers: request.headers, form });
    const [, version, resource, id, action] = url.pathname.split("/");
    if (url.pathname === "/health") return answer(response, 200, { ok: true });

    // The checkout page a browser is sent to: one button that pays.
    if (version === "pay" && resource) {
      const session = sessions.get(resource);
      if (!session) return missing(response, "checkout session");
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Fake Checkout</title></head>
<body><h1>Fake Checkout</h1><p>${Number(session.amount_total) / 100} ${String(session.currency).toUpperCase()}</p>
<form method="post"><button type="submit">Pay</button></form></body></html>`);
        return;
      }
      const confirm = async () => {
        pay(resource);
        await sendWebhook(JSON.stringify(event("checkout.session.completed", session)));
      };
      // As with a real card network, confirmation may come after the browser is back on the success page.
      if (confirmDelayMs > 0) setTimeout(() => void confirm(), confirmDelayMs);
      else await confirm();
      response.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", resource) });
      response.end();
      return;
    }
    if (version !== "v1") return missing(response, "route");
    if (resource === "checkout" && id === "sessions") {
      const sessionId = action;
      if (request.method === "POST" && sessionId && url.pathname.endsWith("/expire")) {
        const session = sessions.get(sessionId);
        if (!session) return missing(response, "checkout session");
        // As Stripe: only an open session can be expired.
        if (session.status !== "open") {
          return answer(response, 400, {
            error: { type: "invalid_request_error", message: `Session is ${String(session.status)}` },
          });
        }
        session.status = "expired";
        return answer(response, 200, session);
      }
      if (request.method === "GET" && sessionId) {
        const session = sessions.get(sessionId);
        return session ? answer(response, 200, session) : missing(response, "checkout session");
      }
      const key = request.headers["idempotency-key"];
      const known = typeof key === "string" ? byIdempotencyKey.get(key) : undefined;
      if (known) return answer(response, 200, known);
      const item = (form.line_items as Json)["0"] as Json;
      const price = item.price_data as Json;
      const created = nextId("cs");
      const session: Json = {
        id: created,
        object: "checkout.session",
        mode: form.mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(price.unit_amount) * Number(item.quantity ?? 1),
        currency: price.currency,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        metadata: form.metadata ?? {},
        payment_intent: null,
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${base}/pay/${created}`,
      };
      sessions.set(created, session);
      if (typeof key === "string") byIdempotencyKey.set(key, session);
      return answer(response, 200, session);
    }
    if (resource === "invoices" && id) {
      const invoice = invoices.get(id);
      return invoice ? answer(response, 200, invoice) : missing(response, "invoice");
    }
    if (resource === "invoice_payments" && !id) {
      const intent = url.searchParams.get("payment[payment_intent]") ?? "";
      const invoice = invoiceOfIntent.get(intent);
      const data = invoice
        ? [
            {
              id: `inpay_${intent}`,
              object: "invoice_payment",
              invoice,
              payment: { type: "payment_intent", payment_intent: intent },
            },
          ]
        : [];
      return answer(response, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (resource === "refunds" && !id) {
      const chargeId = url.searchParams.get("charge");
      const data = [...refunds.values()].filter((entry) => entry.charge === chargeId);
      return answer(response, 200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    if (resource === "charges" && id) {
      const charge = charges.get(id);
      return charge ? answer(response, 200, charge) : missing(response, "charge");
    }
    if (resource === "billing_portal" && id === "sessions") {
      return answer(response, 200, {
        id: nextId("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        url: `${base}/portal/${String(form.customer)}`,
      });
    }
    return missing(response, "route");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sessions,
    invoices,
    charges,
    refunds,
    requests,
    event,
    signature,
    pay,
    chargeOf,
    chargeOfInvoice,
    refund,
    failRefund,
    nextId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
