import { AUTH_ERROR_MESSAGES, CORE_ERROR_MESSAGES, type Language, type MessageCatalogue } from "@handfont/contract";

// Each feature's catalogue joins this list; a code missing from every catalogue answers with the code itself.
const catalogues: MessageCatalogue<string>[] = [CORE_ERROR_MESSAGES, AUTH_ERROR_MESSAGES];

/** The user-facing message for an error code in the given language, falling back to English. */
export function messageFor(code: string, language: Language): string {
  for (const catalogue of catalogues) {
    const message = catalogue[language][code] ?? catalogue.en[code];
    if (message) return message;
  }
  return code;
}
