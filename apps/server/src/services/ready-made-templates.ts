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
 * Latin + Cyrillic set. Their layouts are made by the engine from these options, so they need no database rows.
 */
export const READY_MADE_TEMPLATES: readonly ReadyMadeTemplate[] = [
  { id: "ready-en", name: "English", language: "en", sets: ["latin", ...base] },
  { id: "ready-ru", name: "Русский", language: "ru", sets: ["ru", ...base, "quotes"] },
  { id: "ready-de", name: "Deutsch", language: "de", sets: ["latin", "de", ...base, "quotes"] },
  { id: "ready-es", name: "Español", language: "es", sets: ["latin", "es", ...base] },
  { id: "ready-fr", name: "Français", language: "fr", sets: ["latin", "fr", ...base, "quotes"] },
  { id: "ready-it", name: "Italiano", language: "it", sets: ["latin", "it", ...base] },
  { id: "ready-uk", name: "Українська", language: "uk", sets: ["ru", "uk", ...base, "quotes"] },
  {
    id: "ready-full",
    name: "Full Latin + Cyrillic",
    language: null,
    sets: ["latin", "de", "fr", "es", "it", "ru", "uk", ...base, "quotes", "currency"],
  },
];

export const readyMadeTemplate = (id: string) => READY_MADE_TEMPLATES.find((template) => template.id === id);
