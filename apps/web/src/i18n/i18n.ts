import type { Language } from "@handfont/contract";
import { SHELL_NAMESPACES } from "./namespaces.ts";
import { type TranslationTree, Translator } from "./translator.ts";

export { SHELL_NAMESPACES } from "./namespaces.ts";

type NamespaceLoaders = Record<string, () => Promise<{ default: TranslationTree }>>;

// One lazy chunk per language and namespace: a visitor downloads only the texts of the pages they open, and the
// table of those chunks only for the languages they use (all seven tables would weigh more than the texts of a page).
const languageTables = import.meta.glob<{ default: NamespaceLoaders }>("../locales/*/index.ts");
const tables = new Map<Language, Promise<NamespaceLoaders>>();

function tableOf(language: Language): Promise<NamespaceLoaders> {
  let table = tables.get(language);
  if (!table) {
    const load = languageTables[`../locales/${language}/index.ts`];
    if (!load) throw new Error(`No texts for the language "${language}"`);
    table = load().then(
      (module) => module.default,
      (error: unknown) => {
        tables.delete(language); // a failed download is tried again by the next navigation
        throw error;
      },
    );
    tables.set(language, table);
  }
  return table;
}

/** The app's one set of texts: every page and component reads the active language's through `useTranslation`. */
export const i18n = new Translator();

/** Loads the given namespaces of a language (once each) into the shared translator. */
export async function loadNamespaces(language: Language, namespaces: readonly string[]): Promise<void> {
  if (namespaces.every((namespace) => i18n.hasResourceBundle(language, namespace))) return;
  const table = await tableOf(language);
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = table[`./${namespace}.json`];
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
