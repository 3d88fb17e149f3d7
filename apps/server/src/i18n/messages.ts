import {
  AUTH_ERROR_MESSAGES,
  CORE_ERROR_MESSAGES,
  DATA_CONTROL_ERROR_MESSAGES,
  FONT_DIAGNOSTIC_MESSAGES,
  JOB_ERROR_MESSAGES,
  type Language,
  LETTER_ERROR_MESSAGES,
  type MessageCatalogue,
  PAYMENT_ERROR_MESSAGES,
  SCAN_WARNING_MESSAGES,
  WORKSPACE_ERROR_MESSAGES,
} from "@handfont/contract";

// Each feature's catalogue joins this list; a code missing from every catalogue answers with the fallback.
const catalogues: MessageCatalogue<string>[] = [
  CORE_ERROR_MESSAGES,
  AUTH_ERROR_MESSAGES,
  WORKSPACE_ERROR_MESSAGES,
  LETTER_ERROR_MESSAGES,
  DATA_CONTROL_ERROR_MESSAGES,
  SCAN_WARNING_MESSAGES,
  FONT_DIAGNOSTIC_MESSAGES,
  PAYMENT_ERROR_MESSAGES,
  JOB_ERROR_MESSAGES,
];

/** The user-facing message for a code in the given language, falling back to English, then to `fallback`. */
export function messageFor(code: string, language: Language, fallback: string = code): string {
  for (const catalogue of catalogues) {
    const message = catalogue[language][code] ?? catalogue.en[code];
    if (message) return message;
  }
  return fallback;
}
