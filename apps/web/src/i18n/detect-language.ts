import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language, matchLanguage } from "@handfont/contract";
import { readCookie } from "../lib/cookies.ts";

export interface LanguageSignals {
  /** The value of the language cookie, if any. */
  cookie: string | undefined;
  /** navigator.languages, most preferred first. */
  navigatorLanguages: readonly string[];
}

/** Spec §2: the language cookie first, then the browser's languages, then English. */
export function detectLanguage({ cookie, navigatorLanguages }: LanguageSignals): Language {
  if (isLanguage(cookie)) return cookie;
  return matchLanguage(navigatorLanguages) ?? DEFAULT_LANGUAGE;
}

/** What this browser tells us right now: the cookie and navigator signals. */
export function currentLanguageSignals(): LanguageSignals {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { cookie: readCookie(LANGUAGE_COOKIE.name), navigatorLanguages: languages.filter(Boolean) };
}
