import { LANGUAGE_COOKIE, type Language } from "@handfont/contract";
import { writeCookie } from "../lib/cookies.ts";

/** Remembers the active language for the next visit to `/` (spec §9: 365 days, path /, SameSite=Lax). */
export function rememberLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE.name, language, {
    maxAgeDays: LANGUAGE_COOKIE.maxAgeDays,
    path: LANGUAGE_COOKIE.path,
    sameSite: LANGUAGE_COOKIE.sameSite,
  });
}
