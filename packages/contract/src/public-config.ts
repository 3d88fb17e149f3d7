import { z } from "zod";

/**
 * What the web app learns from `GET /api/public-config` at start-up: settings the server owns that change what
 * the browser shows or loads. Nothing secret. Later features (captcha, Google sign-in) add their fields here.
 */
export const PublicConfig = z.object({
  version: z.string(),
  environment: z.enum(["development", "test", "production"]),
  /** Analytics tag id (spec §4); null when none is configured, and then nothing is loaded. */
  analyticsId: z.string().nullable(),
  /** Who runs this instance, for the legal pages; configured by OPERATOR_NAME and CONTACT_EMAIL. */
  operator: z.object({ name: z.string(), contactEmail: z.string() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
