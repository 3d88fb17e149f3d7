import { z } from "zod";

export const CAPTCHA_PROVIDERS = ["altcha", "recaptcha", "turnstile", "hcaptcha"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/**
 * What the web app learns from `GET /api/public-config` at start-up: settings the server owns that change what
 * the browser shows or loads. Nothing secret. Features add their fields here.
 */
export const PublicConfig = z.object({
  version: z.string(),
  environment: z.enum(["development", "test", "production"]),
  /** Analytics tag id (spec §4); null when none is configured, and then nothing is loaded. */
  analyticsId: z.string().nullable(),
  /** Who runs this instance, for the legal pages; configured by OPERATOR_NAME and CONTACT_EMAIL. */
  operator: z.object({ name: z.string(), contactEmail: z.string() }),
  /** Which captcha widget the sign-in and sign-up forms show; ALTCHA fetches its challenge from challengeUrl. */
  captcha: z.object({
    provider: z.enum(CAPTCHA_PROVIDERS),
    siteKey: z.string().nullable(),
    challengeUrl: z.string().nullable(),
  }),
  /** The Google button shows only when Google sign-in is configured. */
  googleSignIn: z.boolean(),
  /** True when mails are kept in the development outbox (no SMTP server, not production): the debug page lists them. */
  mailOutbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
