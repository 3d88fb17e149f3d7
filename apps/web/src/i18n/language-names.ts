import type { Language } from "@handfont/contract";

/**
 * Each language's name in that language. They are deliberately the same in every interface language: a reader
 * looks for their own language's name, not its translation.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ru: "Русский",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  uk: "Українська",
};
