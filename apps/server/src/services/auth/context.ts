import type { Language } from "@handfont/contract";
import type { Db } from "../../db/database.ts";
import type { CaptchaVerifier } from "../../ports/captcha.ts";
import type { Clock } from "../../ports/clock.ts";
import { DomainError } from "../domain-error.ts";
import type { RateLimiter, RateRule } from "../rate-limiter.ts";
import type { AccessTokens } from "./access-tokens.ts";
import type { AccountMail } from "./account-mail.ts";
import type { EmailTokens } from "./email-tokens.ts";
import type { PasswordHasher } from "./passwords.ts";
import type { Sessions } from "./sessions.ts";

/** What the account services work with; each function takes only the parts it names. */
export interface AccountDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  captcha: CaptchaVerifier;
  limiter: RateLimiter;
  sessions: Sessions;
  emailTokens: EmailTokens;
  mail: AccountMail;
  tokens: AccessTokens;
  adminEmails: readonly string[];
}

/** Who is asking, as far as the rules care: the client address for limits, the language for new accounts. */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  language: Language;
}

const MINUTE = 60_000;
/** Per IP and per account; every one is checked before any password hash is computed. */
export const LIMITS = {
  signInIp: { name: "signin-ip", limit: 50, windowMs: 5 * MINUTE },
  // Failed sign-ins never lock an account (its owner with the right password gets in): past these counts, every
  // attempt on the account, or from the address, needs a hardened captcha (signin.ts).
  signInFailuresAccount: { name: "signin-fail-account", limit: 10, windowMs: 15 * MINUTE },
  signInFailuresIp: { name: "signin-fail-ip", limit: 5, windowMs: 15 * MINUTE },
  // A classroom or an office signs up behind one address: the captcha's work keeps bots out (hardened past
  // SIGNUPS_BEFORE_HARD_CAPTCHA an hour), the per-address rule only stops floods, and counts solved captchas only
  // (signup.ts), so bogus attempts cannot use up a class's share.
  signUpIp: { name: "signup-ip", limit: 300, windowMs: 60 * MINUTE },
  signUpAccount: { name: "signup-account", limit: 3, windowMs: 60 * MINUTE },
  resendIp: { name: "resend-ip", limit: 10, windowMs: 15 * MINUTE },
  resendAccount: { name: "resend-account", limit: 3, windowMs: 15 * MINUTE },
  forgotIp: { name: "forgot-ip", limit: 10, windowMs: 15 * MINUTE },
  // Mails per mailbox: past the limit requests still answer 204 but send nothing (recovery.ts).
  forgotAccount: { name: "forgot-account", limit: 3, windowMs: 15 * MINUTE },
  resetIp: { name: "reset-ip", limit: 10, windowMs: 15 * MINUTE },
  // Every page load of a signed-in visitor refreshes once (the access token lives in memory): a class behind one
  // address, or one person opening tabs, must stay well inside these. A refresh token cannot be guessed, so they
  // only stop floods.
  refreshIp: { name: "refresh-ip", limit: 600, windowMs: MINUTE },
  refreshAccount: { name: "refresh-account", limit: 120, windowMs: MINUTE },
  // A class fetches its challenges behind one address; creating one costs the server a single key derivation.
  captchaIp: { name: "captcha-ip", limit: 120, windowMs: MINUTE },
  profileAccount: { name: "profile-account", limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/** Sign-ups from one address in signUpIp's window after which each further one needs a hardened captcha. */
export const SIGNUPS_BEFORE_HARD_CAPTCHA = 30;

/**
 * Throws CAPTCHA (400) unless the response proves a solved captcha; a provider outage also refuses. Answers whether
 * the solution was a hardened one.
 */
export async function requireCaptcha(
  captcha: CaptchaVerifier,
  response: string,
  context: RequestContext,
): Promise<{ hard: boolean }> {
  const result = await captcha.verify(response, { ip: context.ip });
  if (!result.ok) throw new DomainError("CAPTCHA", {}, `captcha refused: ${result.reason}`);
  return { hard: result.hard };
}
