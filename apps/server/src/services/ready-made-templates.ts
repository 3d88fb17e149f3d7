import type { CharacterSetId, Language } from "@handfont/contract";

export type ReadyMadeTemplate = {
  id: string;
  name: string;
  language: Language | null;
  sets: CharacterSetId[];
};

const base: CharacterSetId[] = ["digits", "punctuation"];

/**
 * Templates everyone may print: one per interface language with its letters, digits and punctuation, and the full
 * Latin + Cyrillic set. English, French and the full set carry the accent marks, so a font gets the accented letters
 * of other languages too; German, Spanish and Italian write their own accented letters whole and stay without the
 * marks, which would take them past the free plan's 120 characters (the marks are 13 boxes). Their layouts are made by
 * the engine from these options, so they need no database rows.
 */
export const READY_MADE_TEMPLATES: readonly ReadyMadeTemplate[] = [
  { id: "ready-en-v2", name: "English", language: "en", sets: ["latin", "marks", ...base] },
  { id: "ready-ru", name: "Русский", language: "ru", sets: ["ru", ...base, "quotes"] },
  { id: "ready-de", name: "Deutsch", language: "de", sets: ["latin", "de", ...base, "quotes"] },
  { id: "ready-es", name: "Español", language: "es", sets: ["latin", "es", ...base] },
  { id: "ready-fr-v2", name: "Français", language: "fr", sets: ["latin", "fr", "marks", ...base, "quotes"] },
  { id: "ready-it", name: "Italiano", language: "it", sets: ["latin", "it", ...base] },
  { id: "ready-uk", name: "Українська", language: "uk", sets: ["ru", "uk", ...base, "quotes"] },
  {
    id: "ready-full-v2",
    name: "Full Latin + Cyrillic",
    language: null,
    sets: ["latin", "de", "fr", "es", "it", "marks", "ru", "uk", ...base, "quotes", "currency"],
  },
];

/**
 * The Latin templates as they were before the accent marks: no longer offered, but pages printed from them name
 * these ids in their QR codes and must still read with the layout they were printed with.
 */
const RETIRED_TEMPLATES: readonly ReadyMadeTemplate[] = [
  { id: "ready-en", name: "English", language: "en", sets: ["latin", ...base] },
  { id: "ready-fr", name: "Français", language: "fr", sets: ["latin", "fr", ...base, "quotes"] },
  {
    id: "ready-full",
    name: "Full Latin + Cyrillic",
    language: null,
    sets: ["latin", "de", "fr", "es", "it", "ru", "uk", ...base, "quotes", "currency"],
  },
];

/** A ready-made template by id, offered or retired. */
export const readyMadeTemplate = (id: string) =>
  READY_MADE_TEMPLATES.find((template) => template.id === id) ??
  RETIRED_TEMPLATES.find((template) => template.id === id);
