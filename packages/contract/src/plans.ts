import { z } from "zod";

/**
 * What each plan allows, in one place: the server enforces it, the web app explains it. Premium pricing is not
 * shown in the spec (§9); these limits are the product's own.
 */
export const PLAN_LIMITS = {
  free: { fonts: 2, charactersPerFont: 120, variants: 2, ligatures: false },
  premium: { fonts: 50, charactersPerFont: 1000, variants: 15, ligatures: true },
} as const;

export type PlanName = keyof typeof PLAN_LIMITS;
export type PlanLimits = { fonts: number; charactersPerFont: number; variants: number; ligatures: boolean };

export const PlanLimitsSchema = z.object({
  fonts: z.number().int(),
  charactersPerFont: z.number().int(),
  variants: z.number().int(),
  ligatures: z.boolean(),
});

/** The answer of `GET /subscribe/isPremium`: a failed check means not premium (spec §4). */
export const PremiumStatus = z.object({
  isPremium: z.boolean(),
  plan: z.enum(["free", "premium"]),
  premiumUntil: z.iso.datetime().nullable(),
  limits: PlanLimitsSchema,
});
export type PremiumStatus = z.infer<typeof PremiumStatus>;

/** `POST /addSubscriber/add`: an admin grants premium time to a user (until payments arrive). */
export const AddSubscriberRequest = z
  .object({
    userId: z.uuid().optional(),
    email: z.email().optional(),
    days: z.number().int().min(1).max(3660),
  })
  .refine((value) => Boolean(value.userId) !== Boolean(value.email), {
    message: "Give exactly one of userId and email.",
  });
export type AddSubscriberRequest = z.infer<typeof AddSubscriberRequest>;

export const AddSubscriberResponse = z.object({
  userId: z.uuid(),
  premiumUntil: z.iso.datetime(),
});
export type AddSubscriberResponse = z.infer<typeof AddSubscriberResponse>;
