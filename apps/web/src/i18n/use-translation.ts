import { useMemo, useSyncExternalStore } from "react";
import { i18n } from "./i18n.ts";
import type { TFunction, Translator } from "./translator.ts";

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const activeLanguage = () => i18n.language;

/**
 * The texts of `namespaces` (the first holding a key wins; "common" when none is given) in the active language.
 * The component renders again when the language changes. `ready`: all of them are loaded for that language.
 */
export function useTranslation(namespaces: string | readonly string[] = "common"): {
  t: TFunction;
  i18n: Translator;
  ready: boolean;
} {
  const language = useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
  const list = typeof namespaces === "string" ? [namespaces] : namespaces;
  const joined = list.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `joined` stands for the list, a new array every render
  const t = useMemo(() => i18n.getFixedT(language, list), [language, joined]);
  return { t, i18n, ready: list.every((namespace) => i18n.hasResourceBundle(language, namespace)) };
}
