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
