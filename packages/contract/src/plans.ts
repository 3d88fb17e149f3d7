import { z } from "zod";

/** What each plan allows. The server enforces these limits; the web app shows them on the features page. */
export interface PlanLimits {
  fonts: number;
  charactersPerFont: number;
  variantsPerCharacter: number;
  ligatures: boolean;
}

export const PLAN_IDS = ["free", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  free: { fonts: 2, charactersPerFont: 120, variantsPerCharacter: 2, ligatures: false },
  premium: { fonts: 50, charactersPerFont: 1000, variantsPerCharacter: 15, ligatures: true },
};

export const PlanLimitsSchema = z.object({
  fonts: z.number().int(),
  charactersPerFont: z.number().int(),
  variantsPerCharacter: z.number().int(),
  ligatures: z.boolean(),
});

/** The answer of `GET /subscribe/isPremium`: a failed check means not premium (spec §4). */
export const PremiumStatus = z.object({
  isPremium: z.boolean(),
  plan: z.enum(PLAN_IDS),
  premiumUntil: z.iso.datetime().nullable(),
  limits: PlanLimitsSchema,
});
export type PremiumStatus = z.infer<typeof PremiumStatus>;

/**
 * `POST /addSubscriber/add`: an admin grants premium time to a user (positive days) or takes it away (negative),
 * with a reason; both are lines of the entitlement ledger and audited.
 */
export const AddSubscriberRequest = z
  .object({
    userId: z.uuid().optional(),
    email: z.email().optional(),
    days: z
      .number()
      .int()
      .min(-3660)
      .max(3660)
      .refine((days) => days !== 0, { message: "Give a number of days other than 0." }),
    reason: z.string().trim().min(3).max(500),
  })
  .refine((value) => Boolean(value.userId) !== Boolean(value.email), {
    message: "Give exactly one of userId and email.",
  });
export type AddSubscriberRequest = z.infer<typeof AddSubscriberRequest>;

export const AddSubscriberResponse = z.object({
  userId: z.uuid(),
  /** The user's premium end after the change; null when they never had premium time left. */
  premiumUntil: z.iso.datetime().nullable(),
  isPremium: z.boolean(),
});
export type AddSubscriberResponse = z.infer<typeof AddSubscriberResponse>;
