import { isLanguage, type Language } from "@handfont/contract";
import { data, type LoaderFunctionArgs, redirect } from "react-router";
import { currentLanguageSignals, detectLanguage } from "../i18n/detect-language.ts";
import { activateLanguage, loadNamespaces } from "../i18n/i18n.ts";
import { rememberLanguage } from "../i18n/language-cookie.ts";

/** Spec §2: `/` goes to the detected language (cookie, then browser language, then English). */
export function redirectToPreferredLanguage({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return redirect(`/${detectLanguage(currentLanguageSignals())}${url.search}${url.hash}`);
}

/** The 404 of spec §2, caught by the nearest error boundary, which names the path. */
export function throwNotFound(): never {
  throw data("Not Found", { status: 404 });
}

/**
 * Validates `/{lang}` and makes it the active language. An unknown language is a 404, shown in the language the
 * visitor would have been sent to.
 */
export async function languageLoader({ params }: LoaderFunctionArgs): Promise<Language> {
  const language = params.lang;
  if (!isLanguage(language)) {
    await activateLanguage(detectLanguage(currentLanguageSignals()));
    throwNotFound();
  }
  await activateLanguage(language);
  rememberLanguage(language);
  return language;
}

/** A page's loader: its text namespaces in the URL's language, loaded beside the lazy component. */
export function pageLoader(namespaces: readonly string[]) {
  return async ({ params }: LoaderFunctionArgs): Promise<null> => {
    if (isLanguage(params.lang)) await loadNamespaces(params.lang, namespaces);
    return null;
  };
}
