import { api } from "../../api/client.ts";
import { i18n } from "../../i18n/i18n.ts";
import { createLocaleSync } from "./locale-sync.ts";
import { session } from "./session.ts";

/**
 * Start-up of the session (spec §4): restore the stored user, then keep the user's language in step. A visitor who
 * signs in later has a fresh session already (`restore: false`): refreshing it again would only rotate its token.
 */
export function startSession({ restore }: { restore: boolean }): void {
  const syncLocale = createLocaleSync(
    session.store,
    () => i18n.language,
    async (language) => void (await api.get("/changeLocale", { query: { lang: language } })),
  );
  if (restore) void session.restore().then(syncLocale);
  else void syncLocale();
  i18n.onLanguageChanged(() => void syncLocale());
  session.store.subscribe(() => void syncLocale());
}
