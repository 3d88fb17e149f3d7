import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config/config.ts";
import type { Database } from "./db/database.ts";
import type { Mailer } from "./ports/mailer.ts";
import { createRobokassa } from "./ports/robokassa.ts";
import { createPayments, type Payments } from "./services/payments/index.ts";
import { createReceiptMail } from "./services/payments/receipts.ts";

/** Wires the premium feature: the configured payment routes (each only when its keys are set) and receipts. */
export async function createPaymentFeature(input: {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
}): Promise<Payments> {
  const { config, log } = input;
  const payments = config.payments;
  if (!payments.stripe && !payments.robokassa) {
    log.info("no payment route is configured: premium is granted by an admin on /addSubscriber/add");
  }
  return createPayments(
    {
      db: input.database.db,
      config: payments,
      publicUrl: config.publicUrl,
      // The SDK is loaded only when Stripe is configured: a server without it starts without the module.
      stripe: payments.stripe ? (await import("./ports/stripe.ts")).createStripeGateway(payments.stripe) : null,
      robokassa: payments.robokassa ? createRobokassa(payments.robokassa) : null,
      receipts: createReceiptMail({
        mailer: input.mailer,
        signature: config.operator.name,
        logError: (error, context) => log.error({ err: error, ...context }, "receipt could not be sent"),
      }),
      log,
      now: input.now,
    },
    config.operator.contactEmail,
  );
}
