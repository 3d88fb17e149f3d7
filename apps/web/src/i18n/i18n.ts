import { LANGUAGES, type Language } from "@handfont/contract";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { intlLocale } from "./format.ts";

import { SHELL_NAMESPACES } from "./namespaces.ts";

export { SHELL_NAMESPACES } from "./namespaces.ts";

// One lazy chunk per language and namespace: a visitor downloads only the texts of the pages they open.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  supportedLngs: [...LANGUAGES],
  // A missing key is a test failure (i18n-completeness.test.ts), not something to paper over at run time.
  fallbackLng: false,
  ns: [],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // Resources are added by loadNamespaces, so initialisation has nothing to wait for.
  initAsync: false,
});

// i18next's own number/date formatters use the bare language (de); we format with the regional codes (de-DE).
i18n.services.formatter?.add("number", (value, language, options) =>
  new Intl.NumberFormat(intlLocale(language ?? "en"), options).format(value),
);
i18n.services.formatter?.add("datetime", (value, language, options) =>
  new Intl.DateTimeFormat(intlLocale(language ?? "en"), options).format(value),
);

/** Loads the given namespaces of a language (once each) into the shared i18next instance. */
export async function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = bundles[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No ${language} texts for the namespace "${namespace}"`);
      const module = await load();
      i18n.addResourceBundle(language, namespace, module.default, true, true);
    }),
  );
}

/** Makes `language` active, loading the shell texts first so nothing renders as a raw key. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadNamespaces(language, SHELL_NAMESPACES);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
