import { type CharacterSetId, combineCharacters } from "@handfont/engine/templates";

/** One letter of a font: its characters (one, or several for a ligature) and which written variant (1…). */
export interface LetterSlot {
  chars: string;
  variant: number;
}

/** A stable key for a letter slot (a Map key, an IndexedDB key). */
export const letterKey = (slot: LetterSlot): string => `${slot.variant}:${slot.chars}`;

export function parseLetterKey(key: string): LetterSlot {
  const colon = key.indexOf(":");
  return { variant: Number(key.slice(0, colon)), chars: key.slice(colon + 1) };
}

/** What the user means to draw: template character sets, further characters, ligatures and variants per character. */
export interface CharacterPlan {
  sets: CharacterSetId[];
  custom: string;
  ligatures: string[];
  variants: number;
}

/** Variants per character the plan allows (the template's own limit). */
export const MAX_PLAN_VARIANTS = 15;

/**
 * The character sets a new plan starts with for a user of this interface language; Latin plans take the accent marks,
 * from which the font composes the accented letters nobody drew.
 */
export function defaultPlan(language: string): CharacterPlan {
  const own: Partial<Record<string, CharacterSetId[]>> = {
    de: ["latin", "de", "marks"],
    fr: ["latin", "fr", "marks"],
    es: ["latin", "es", "marks"],
    it: ["latin", "it", "marks"],
    ru: ["ru"],
    uk: ["ru", "uk"],
  };
  return { sets: [...(own[language] ?? ["latin", "marks"]), "digits"], custom: "", ligatures: [], variants: 1 };
}

/**
 * Every letter slot of a plan, in writing order: each character (and ligature) with its variants next to each
 * other. Letters the font already has outside the plan come after, so nothing drawn is ever out of reach.
 */
export function letterSlots(plan: CharacterPlan, existing: readonly LetterSlot[] = []): LetterSlot[] {
  const variants = Math.min(MAX_PLAN_VARIANTS, Math.max(1, Math.floor(plan.variants)));
  const units = [
    ...combineCharacters(plan.sets, plan.custom),
    ...plan.ligatures
      .map((ligature) => ligature.normalize("NFC").trim())
      .filter((ligature) => [...ligature].length > 1),
  ];
  const slots: LetterSlot[] = [];
  const seen = new Set<string>();
  const add = (slot: LetterSlot) => {
    const key = letterKey(slot);
    if (seen.has(key)) return;
    seen.add(key);
    slots.push(slot);
  };
  for (const chars of units) for (let variant = 1; variant <= variants; variant++) add({ chars, variant });
  for (const slot of existing) add({ chars: slot.chars, variant: slot.variant });
  return slots;
}

/** The slot `step` places away from `current` (wrapping round), or the first one when `current` is not listed. */
export function neighbourSlot(slots: readonly LetterSlot[], current: LetterSlot, step: number): LetterSlot | null {
  if (slots.length === 0) return null;
  const index = slots.findIndex((slot) => letterKey(slot) === letterKey(current));
  if (index < 0) return slots[0]!;
  return slots[(((index + step) % slots.length) + slots.length) % slots.length]!;
}

/** The next slot after `current` that has nothing drawn yet, or null when every slot is drawn. */
export function nextMissingSlot(
  slots: readonly LetterSlot[],
  current: LetterSlot,
  isDrawn: (slot: LetterSlot) => boolean,
): LetterSlot | null {
  const start = Math.max(
    0,
    slots.findIndex((slot) => letterKey(slot) === letterKey(current)),
  );
  for (let k = 1; k <= slots.length; k++) {
    const slot = slots[(start + k) % slots.length]!;
    if (!isDrawn(slot)) return slot;
  }
  return null;
}
