import { isLanguage } from "@handfont/contract";
import { api } from "../../api/client.ts";
import { i18n } from "../../i18n/i18n.ts";
import { session } from "./session.ts";

/**
 * The signed-in user's mails follow the interface language: when the two differ, store the active one
 * (GET /changeLocale, spec §7). A failure only means the next mail is in the previous language.
 */
async function syncLocale(): Promise<void> {
  const state = session.store.getState();
  const language = i18n.language;
  if (state.status !== "loggedIn" || !isLanguage(language) || state.user.locale === language) return;
  try {
    await api.get("/changeLocale", { query: { lang: language } });
    session.store.signedIn({ ...state.user, locale: language });
  } catch {
    // Retried at the next change of language or session; nothing the visitor needs to act on.
  }
}

/**
 * Start-up of the session (spec §4): restore the stored user, then keep the user's language in step. A visitor who
 * signs in later has a fresh session already (`restore: false`): refreshing it again would only rotate its token.
 */
export function startSession({ restore }: { restore: boolean }): void {
  if (restore) void session.restore().then(syncLocale);
  else void syncLocale();
  i18n.onLanguageChanged(() => void syncLocale());
  session.store.subscribe(() => void syncLocale());
}
