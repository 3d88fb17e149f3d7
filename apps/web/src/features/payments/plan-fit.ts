import { PLAN_IDS, PLAN_LIMITS, type PlanId, type PlanLimits } from "@handfont/contract";

/** What a template or a font asks of a plan: distinct characters (ligatures included), variants, ligatures. */
export type PlanNeeds = { characters: number; variants: number; ligatures: number };

/** Whether a plan's limits hold these needs (the server's rules in services/plans.ts). */
export function fitsPlan(limits: PlanLimits, needs: PlanNeeds): boolean {
  return (
    needs.characters <= limits.charactersPerFont &&
    needs.variants <= limits.variantsPerCharacter &&
    (needs.ligatures === 0 || limits.ligatures)
  );
}

/** The smallest plan whose limits hold the needs; premium when even it is exceeded (the user then chooses). */
export function planFor(needs: PlanNeeds): PlanId {
  return PLAN_IDS.find((plan) => fitsPlan(PLAN_LIMITS[plan], needs)) ?? "premium";
}
