import { isLanguage } from "@handfont/contract";
import type { AuthStore } from "./auth-store.ts";

/**
 * Keeps the signed-in user's stored locale (the language of their mails, spec §7) on the language this tab shows.
 *
 * Tabs share the stored user, so a tab in Russian storing `ru` tells a tab in English that the user's locale is no
 * longer `en`. Answering that by storing `en` again would make two tabs in two languages send each other
 * GET /changeLocale forever. So a tab stores a language only when its own language or the signed-in user changes,
 * once per change, and the most recent active language wins. A failure only means the next mail is in the previous
 * language; the next change retries.
 */
export function createLocaleSync(
  store: AuthStore,
  tabLanguage: () => string,
  storeLocale: (language: string) => Promise<void>,
): () => Promise<void> {
  /** The user and language this tab last stored (or found stored): the change it has already answered. */
  let answered: string | null = null;
  return async function sync() {
    const state = store.getState();
    const language = tabLanguage();
    if (state.status !== "loggedIn" || !isLanguage(language)) return;
    const change = `${state.user.id} ${language}`;
    if (change === answered) return;
    answered = change;
    if (state.user.locale === language) return;
    try {
      await storeLocale(language);
      store.signedIn({ ...state.user, locale: language });
    } catch {
      answered = null;
    }
  };
}
