import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@handfont/contract";
import { data, type LoaderFunctionArgs, redirect } from "react-router";
import { currentLanguageSignals, detectLanguage } from "../i18n/detect-language.ts";
import { activateLanguage, loadNamespaces } from "../i18n/i18n.ts";
import { rememberLanguage } from "../i18n/language-cookie.ts";
import type { PageDefinition } from "./pages.ts";

/** Prerendering runs in Node, where there is no visitor: no cookie to read or write. */
const inBrowser = typeof document !== "undefined";

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
export async function languageLoader({ params, request }: LoaderFunctionArgs): Promise<Language> {
  const language = params.lang;
  if (!isLanguage(language)) {
    // `/EN/app` is `/en/app` typed in capitals: send it to the real address rather than to a 404.
    const lower = language?.toLowerCase();
    if (isLanguage(lower)) {
      const url = new URL(request.url);
      throw redirect(`/${lower}${url.pathname.slice(lower.length + 1)}${url.search}${url.hash}`);
    }
    await activateLanguage(inBrowser ? detectLanguage(currentLanguageSignals()) : DEFAULT_LANGUAGE);
    throwNotFound();
  }
  await activateLanguage(language);
  if (inBrowser) rememberLanguage(language);
  return language;
}

/** A page's loader: its text namespaces in the URL's language and its data, loaded beside the lazy component. */
export function pageLoader(page: Pick<PageDefinition, "namespaces" | "data">) {
  return async ({ params }: LoaderFunctionArgs): Promise<unknown> => {
    const language = params.lang;
    if (!isLanguage(language)) return null;
    const [data] = await Promise.all([
      page.data ? page.data({ language, params }) : null,
      loadNamespaces(language, page.namespaces),
    ]);
    if (page.data && data === null) throwNotFound();
    return data;
  };
}
