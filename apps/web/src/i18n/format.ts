import { isLanguage, REGIONAL_CODES } from "@handfont/contract";

/** The Intl locale of an interface language: its regional code of spec §1 (de → de-DE). */
export function intlLocale(language: string): string {
  return isLanguage(language) ? REGIONAL_CODES[language] : language;
}

/** Formats a number the way readers of the language expect (1,000 / 1 000 / 1.000). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** Formats a date in the language's own order and month names. */
export function formatDate(value: Date | number, language: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(language), options ?? { dateStyle: "long" }).format(value);
}
