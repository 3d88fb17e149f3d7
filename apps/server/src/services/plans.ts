import { PLAN_LIMITS, type PlanId, type PlanLimits } from "@handfont/contract";
import { DomainError } from "./domain-error.ts";

/** Whether a user holds premium at a moment; provided by the subscriptions feature. */
export type PremiumCheck = (userId: string, now: Date) => Promise<boolean>;

export type Plan = { name: PlanId; limits: PlanLimits };

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;

/** True when a glyph's characters form a ligature (a sequence written as one glyph). */
export const isLigature = (chars: string) => graphemes(chars) > 1;

/** Counts what the plan limits in a set of letters: characters, variants of one character, ligatures. */
export function measureLetters(letters: readonly { chars: string; variant: number }[]) {
  const variants = new Map<string, Set<number>>();
  for (const { chars, variant } of letters) {
    const set = variants.get(chars) ?? new Set<number>();
    set.add(variant);
    variants.set(chars, set);
  }
  return {
    characters: variants.size,
    maxVariants: Math.max(0, ...[...variants.values()].map((set) => set.size)),
    ligatures: [...variants.keys()].filter(isLigature).length,
  };
}

/** Throws PLAN_LIMIT_FONTS when the user already has as many fonts as the plan allows. */
export function assertCanAddFont(plan: Plan, fontCount: number): void {
  if (fontCount >= plan.limits.fonts) {
    throw new DomainError("PLAN_LIMIT_FONTS", { plan: plan.name, allowed: plan.limits.fonts });
  }
}

/** What the plan limits in a font, as measureLetters counts it. */
export type FontMeasure = ReturnType<typeof measureLetters>;

/** Throws a PLAN_LIMIT_* error when a font with these letters would exceed the plan. */
export function assertFontContent(plan: Plan, letters: readonly { chars: string; variant: number }[]): void {
  assertMeasuredContent(plan, measureLetters(letters));
}

/** Throws a PLAN_LIMIT_* error when a font measured so exceeds the plan. */
export function assertMeasuredContent(plan: Plan, measured: FontMeasure): void {
  if (measured.characters > plan.limits.charactersPerFont) {
    throw new DomainError("PLAN_LIMIT_CHARACTERS", {
      plan: plan.name,
      allowed: plan.limits.charactersPerFont,
      requested: measured.characters,
    });
  }
  if (measured.maxVariants > plan.limits.variantsPerCharacter) {
    throw new DomainError("PLAN_LIMIT_VARIANTS", {
      plan: plan.name,
      allowed: plan.limits.variantsPerCharacter,
      requested: measured.maxVariants,
    });
  }
  if (measured.ligatures > 0 && !plan.limits.ligatures) {
    throw new DomainError("PLAN_LIMIT_LIGATURES", { plan: plan.name });
  }
}

/** Throws when a template with these settings could never become a font on the plan. */
export function assertTemplateOptions(plan: Plan, options: { variants: number; ligatures: readonly string[] }): void {
  if (options.variants > plan.limits.variantsPerCharacter) {
    throw new DomainError("PLAN_LIMIT_VARIANTS", {
      plan: plan.name,
      allowed: plan.limits.variantsPerCharacter,
      requested: options.variants,
    });
  }
  if (options.ligatures.length > 0 && !plan.limits.ligatures) {
    throw new DomainError("PLAN_LIMIT_LIGATURES", { plan: plan.name });
  }
}

/**
 * Which plan a user is on (PLAN_LIMITS is the one configuration). Asked before a transaction opens: PGlite has one
 * connection, so a lookup from inside a transaction on another handle would wait for itself.
 */
export function createPlans(isPremium: PremiumCheck, now: () => Date = () => new Date()) {
  return {
    async planOf(userId: string): Promise<Plan> {
      // A failed premium check means not premium (spec §4).
      const premium = await isPremium(userId, now()).catch(() => false);
      const name: PlanId = premium ? "premium" : "free";
      return { name, limits: PLAN_LIMITS[name] };
    },
  };
}

export type Plans = ReturnType<typeof createPlans>;
