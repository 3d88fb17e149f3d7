import { isLanguage, type Language } from "@handfont/contract";

/**
 * Spec §2: a signed-in visitor of the login route goes to the home page of their language: /ru/ when the language
 * cookie says ru or the path is Russian; otherwise the language of the path (the spec's /en/ for English).
 */
export function homeForSignedIn(pathname: string, cookieLanguage: string | undefined): string {
  const pathLanguage = pathname.split("/")[1];
  if (cookieLanguage === "ru" || pathLanguage === "ru") return "/ru/";
  const language: Language = isLanguage(pathLanguage) ? pathLanguage : "en";
  return `/${language}/`;
}
