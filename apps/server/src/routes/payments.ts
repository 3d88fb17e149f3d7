import {
  Balance,
  CheckoutRequest,
  CheckoutResponse,
  PaymentOffer,
  PaymentState,
  PortalResponse,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../http/auth-context.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { Payments } from "../services/payments/index.ts";

const tags = ["payments"];

/** Notification paths: server to server, signed by the provider, so exempt from the XSRF check (app.ts). */
export const PAYMENT_NOTIFICATION_PATHS = [
  "/api/payments/stripe/webhook",
  "/api/payments/robokassa/result",
  "/api/payments/robokassa/success",
  "/api/payments/robokassa/fail",
] as const;

const formParams = (body: unknown, query: unknown): Record<string, string> => {
  const entries = Object.entries({ ...(query as object), ...(body as object) });
  return Object.fromEntries(entries.filter(([, value]) => typeof value === "string")) as Record<string, string>;
};

/** Premium purchases (spec §7: /stripe, /paymentRob, /subscribe/getBalance) and the providers' notifications. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.get(
    "/payments/offer",
    {
      schema: {
        tags,
        summary: "What can be bought, at what price, through which configured routes (public)",
        response: { 200: PaymentOffer },
      },
    },
    async () => payments.offer(),
  );

  app.get(
    "/subscribe/getBalance",
    {
      schema: {
        tags,
        summary: "The balance: premium end, time left and the history of purchases, grants and refunds",
        response: { 200: Balance },
      },
    },
    async (request) => payments.balance(requireUser(request).id),
  );

  app.post(
    "/stripe",
    {
      schema: {
        tags,
        summary: "Start a card payment: a Stripe Checkout Session for a pack or the monthly subscription",
        body: CheckoutRequest,
        response: { 200: CheckoutResponse },
      },
    },
    async (request) =>
      payments.stripeCheckout(requireUser(request).id, request.body.purchase, requestLanguage(request)),
  );

  app.post(
    "/paymentRob",
    {
      schema: {
        tags,
        summary: "Start a Robokassa payment: an invoice and its signed payment address",
        body: CheckoutRequest,
        response: { 200: CheckoutResponse },
      },
    },
    async (request) =>
      payments.robokassaPayment(requireUser(request).id, request.body.purchase, requestLanguage(request)),
  );

  app.get(
    "/payments/:id",
    {
      schema: {
        tags,
        summary: "One of the user's payments; pending until the provider confirms it",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: PaymentState },
      },
    },
    async (request) => payments.payment(requireUser(request).id, request.params.id),
  );

  app.post(
    "/payments/stripe/portal",
    {
      schema: {
        tags,
        summary: "A Stripe Customer Portal address to cancel or change the monthly subscription",
        response: { 200: PortalResponse },
      },
    },
    async (request) => ({ url: await payments.portal(requireUser(request).id, requestLanguage(request)) }),
  );

  // Stripe signs the exact bytes it sends: this route alone keeps the JSON body as a Buffer (fastify/help#158).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    raw.post(
      "/payments/stripe/webhook",
      {
        schema: { tags, summary: "Stripe webhook (signature checked on the raw body; no XSRF)", hide: false },
        config: { rateLimit: false },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const outcome = await payments.stripeWebhook(
          request.body as Buffer,
          typeof signature === "string" ? signature : undefined,
        );
        return { received: true, outcome };
      },
    );
  });

  // Robokassa posts forms (or sends a GET, as set in the shop's technical settings).
  await app.register(async (form) => {
    form.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.route({
      method: ["GET", "POST"],
      url: "/payments/robokassa/result",
      schema: { tags, summary: "Robokassa ResultURL: checks password 2, grants once, answers OK{InvId}" },
      handler: async (request, reply) => {
        const answer = await payments.robokassaResult(formParams(request.body, request.query));
        return reply.type("text/plain; charset=utf-8").send(answer);
      },
    });
    for (const outcome of ["success", "fail"] as const) {
      form.route({
        method: ["GET", "POST"],
        url: `/payments/robokassa/${outcome}`,
        schema: { tags, summary: `Robokassa ${outcome === "success" ? "SuccessURL" : "FailURL"}: only redirects` },
        handler: async (request, reply) =>
          reply.redirect(
            await payments.robokassaReturn(
              formParams(request.body, request.query),
              outcome === "success" ? "psuccess" : "pfail",
            ),
            303,
          ),
      });
    }
  });
};
