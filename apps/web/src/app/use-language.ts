import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@handfont/contract";
import { useTranslation } from "../i18n/use-translation.ts";

/** The active interface language (the URL's, or the detected one on a 404 for an unknown language). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
