/** The seven interface languages (spec §1), in the order the language switcher shows them. */
export const LANGUAGES = ["en", "ru", "de", "es", "fr", "it", "uk"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Regional codes of spec §1, used for Intl formatting and `og:locale`. */
export const REGIONAL_CODES: Record<Language, string> = {
  en: "en-US",
  ru: "ru-RU",
  de: "de-DE",
  es: "es-ES",
  fr: "fr-FR",
  it: "it-IT",
  uk: "uk-UA",
};

/** The language cookie of spec §9: 365 days, path /, SameSite=Lax. */
export const LANGUAGE_COOKIE = { name: "lang", maxAgeDays: 365, path: "/", sameSite: "Lax" } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the first supported language from a list of BCP 47 tags ("de-AT" counts as "de"). */
export function matchLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return undefined;
}

/** Parses an HTTP Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
