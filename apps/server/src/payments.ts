import type { Config } from "./config/config.ts";
import type { Database } from "./db/database.ts";
import { createLogMailer, createSmtpMailer, type Mailer } from "./ports/mailer.ts";
import { createRobokassa } from "./ports/robokassa.ts";
import type { PaymentLog } from "./services/payments/context.ts";
import { createPayments, type Payments } from "./services/payments/index.ts";
import { createReceiptMail } from "./services/payments/receipts.ts";

/** Wires the premium feature: the configured payment routes (each only when its keys are set) and receipts. */
export async function createPaymentFeature(input: {
  config: Config;
  database: Database;
  mailer: Mailer;
  log: PaymentLog;
  now: () => Date;
}): Promise<Payments> {
  const { config, log } = input;
  const payments = config.payments;
  if (!payments.stripe && !payments.robokassa) {
    log.info({}, "no payment route is configured: premium is granted by an admin on /addSubscriber/add");
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

export interface PaymentReconciler {
  /** One run now (the timer's runs never overlap with it); resolves when it is done. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The periodic check of payments left pending (services/payments/reconcile.ts): once at start, then every
 * `intervalMs`. Runs never overlap within a process; several processes may run it at once, because every grant is
 * unique in the ledger and every status change applies only to a still pending payment.
 */
export function startPaymentReconciler(input: {
  payments: Payments;
  intervalMs: number;
  log: Pick<PaymentLog, "error">;
}): PaymentReconciler {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= input.payments
      .reconcile()
      .then(() => undefined)
      .catch((error: unknown) => input.log.error({ err: error }, "pending payments could not be checked"))
      .finally(() => {
        running = null;
      });
    return running;
  };
  if (input.intervalMs <= 0) return { runNow: run, stop: async () => {} };
  void run();
  const timer = setInterval(() => void run(), input.intervalMs);
  // The check never keeps a stopping process alive.
  timer.unref();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The check of pending payments for a process without the HTTP app (a background worker): payment services of its
 * own, mailing receipts through SMTP_URL (or the log), over the shared database. `stop` waits for a run in progress
 * and for the receipts it queued.
 */
export async function startPaymentBackground(input: {
  config: Config;
  database: Database;
  log: PaymentLog;
  now?: () => Date;
}): Promise<{ reconciler: PaymentReconciler; stop(): Promise<void> }> {
  const { config, log } = input;
  const now = input.now ?? (() => new Date());
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createLogMailer((mail) => log.info({ mail }, "mail not sent (no SMTP_URL): logged instead"), null, { now });
  const payments = await createPaymentFeature({ config, database: input.database, mailer, log, now });
  const reconciler = startPaymentReconciler({ payments, intervalMs: config.payments.reconcile.intervalMs, log });
  return {
    reconciler,
    async stop() {
      await reconciler.stop();
      await payments.ctx.receipts.flush();
      await mailer.close();
    },
  };
}
