import type { Language } from "@handfont/contract";
import { SHELL_NAMESPACES } from "./namespaces.ts";
import { type TranslationTree, Translator } from "./translator.ts";

export { SHELL_NAMESPACES } from "./namespaces.ts";

// One lazy chunk per language and namespace: a visitor downloads only the texts of the pages they open.
const bundles = import.meta.glob<{ default: TranslationTree }>("../locales/*/*.json");

/** The app's one set of texts: every page and component reads the active language's through `useTranslation`. */
export const i18n = new Translator();

/** Loads the given namespaces of a language (once each) into the shared translator. */
export async function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = bundles[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No ${language} texts for the namespace "${namespace}"`);
      const module = await load();
      i18n.addResourceBundle(language, namespace, module.default);
    }),
  );
}

/** Makes `language` active, loading the shell texts first so nothing renders as a raw key. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadNamespaces(language, SHELL_NAMESPACES);
  i18n.changeLanguage(language);
}
