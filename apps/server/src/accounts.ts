import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config/config.ts";
import type { Secrets } from "./config/secrets.ts";
import type { Database } from "./db/database.ts";
import { createSessionCookies } from "./http/session-cookies.ts";
import { createXsrf } from "./http/xsrf.ts";
import { createCaptchaVerifier } from "./ports/captcha.ts";
import { type Clock, systemClock } from "./ports/clock.ts";
import { createLogMailer, createOutbox, createSmtpMailer, linksOf, type Mailer, type Outbox } from "./ports/mailer.ts";
import { createOpenIdClient } from "./ports/openid.ts";
import type { AccountRoutesOptions } from "./routes/auth/options.ts";
import { createAccessTokens } from "./services/auth/access-tokens.ts";
import { createAccountMail } from "./services/auth/account-mail.ts";
import type { OwnedDataEraser } from "./services/auth/delete-account.ts";
import { createEmailTokens } from "./services/auth/email-tokens.ts";
import { createPasswordHasher } from "./services/auth/passwords.ts";
import { createSessions } from "./services/auth/sessions.ts";
import { createSolutionStore } from "./services/captcha-solutions.ts";
import { createRateLimiter } from "./services/rate-limiter.ts";

/** Side effects of the account feature that tests replace (the rest come from configuration). */
export interface AccountPorts {
  /** Tests move time to cross expiries and rate-limit windows. */
  clock?: Clock;
}

export interface Accounts extends AccountRoutesOptions {
  /** The configured mail transport, for other features' mails (payment receipts). */
  mailer: Mailer;
  close(): Promise<void>;
}

/** Wires the account feature: ports from configuration (or the given ones), services over them, route options. */
export async function createAccounts(input: {
  config: Config;
  secrets: Secrets;
  database: Database;
  log: FastifyBaseLogger;
  ports?: AccountPorts;
  /** What other features keep of a user (the workspace), erased with the account. */
  erasers?: readonly OwnedDataEraser[];
}): Promise<Accounts> {
  const { config, secrets, log } = input;
  const ports = input.ports ?? {};
  const clock = ports.clock ?? systemClock;
  const db = input.database.db;
  const outbox: Outbox | null = config.mail.outbox ? createOutbox() : null;
  // Without SMTP_URL (never in production, config.ts) the owner of the machine finds the links in the console.
  const mailer: Mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    : createLogMailer(
        ({ to, subject, text }) =>
          log.warn(
            { mail: { to, subject }, links: linksOf(text) },
            `mail not sent (no SMTP_URL): ${linksOf(text).join(" ")}`,
          ),
        outbox,
        clock,
      );
  if (outbox) log.warn("SMTP_URL is not set: account mails are kept in the development outbox (/api/debug/outbox)");
  else if (!config.mail.smtpUrl) log.warn("SMTP_URL is not set: the links of account mails are printed to this log");
  const mail = createAccountMail({
    mailer,
    publicUrl: config.publicUrl,
    signature: config.operator.name,
    logError: (error, context) => log.error({ err: error, ...context }, "mail could not be sent"),
  });
  const xsrf = createXsrf(secrets.XSRF_SECRET);
  const secure = config.environment === "production";
  const deps: AccountRoutesOptions["deps"] = {
    db,
    clock,
    hasher: createPasswordHasher(config.argon2),
    captcha: createCaptchaVerifier(config.captcha, {
      hmacSecret: secrets.CAPTCHA_HMAC_SECRET,
      solutions: createSolutionStore(db, clock),
      clock,
    }),
    limiter: createRateLimiter(db, clock),
    sessions: createSessions(db, clock),
    emailTokens: createEmailTokens(db, clock),
    mail,
    tokens: await createAccessTokens(secrets.JWT_PRIVATE_KEY, config.publicUrl, clock),
    adminEmails: config.adminEmails,
  };
  const openId = config.google ? createOpenIdClient(config.google) : null;
  return {
    deps,
    cookies: createSessionCookies(xsrf, secure),
    xsrf,
    config,
    outbox,
    openId,
    mailer,
    erasers: input.erasers ?? [],
    async close() {
      await mail.flush();
      await mailer.close();
    },
  };
}
