import { describe, expect, it } from "vitest";
import { AUTH_ERROR_MESSAGES } from "./auth-messages.ts";
import { DATA_CONTROL_ERROR_MESSAGES } from "./data-control.ts";
import { CORE_ERROR_MESSAGES, type MessageCatalogue } from "./errors.ts";
import { FONT_DIAGNOSTIC_MESSAGES } from "./font-diagnostics.ts";
import { sentencesInOtherForm } from "./form-of-address.ts";
import { JOB_ERROR_MESSAGES } from "./jobs.ts";
import { LANGUAGES } from "./languages.ts";
import { LETTER_ERROR_MESSAGES } from "./letter-errors.ts";
import { PAYMENT_ERROR_MESSAGES } from "./payment-errors.ts";
import { SCAN_WARNING_MESSAGES } from "./scan-warnings.ts";
import { WORKSPACE_ERROR_MESSAGES } from "./workspace-errors.ts";

describe("form of address", () => {
  it("finds the sentences that use the form a language does not", () => {
    expect(sentencesInOtherForm("de", "Lade die Seite hoch. Laden Sie sie erneut hoch.")).toEqual([
      "Laden Sie sie erneut hoch.",
    ]);
    expect(sentencesInOtherForm("de", "Wähle deine Schrift; sie gehört dir.")).toEqual([]);
    expect(sentencesInOtherForm("ru", "Загрузите страницу. Попробуй ещё раз!")).toEqual(["Попробуй ещё раз!"]);
    expect(sentencesInOtherForm("uk", "Ти маєш нову літеру.")).toEqual(["Ти маєш нову літеру."]);
    expect(sentencesInOtherForm("fr", "Choisissez une police. Choisis t’en une.")).toEqual(["Choisis t’en une."]);
    expect(sentencesInOtherForm("es", "Elige una letra. Elija una letra.")).toEqual(["Elija una letra."]);
    expect(sentencesInOtherForm("it", "Scegli una lettera. Scelga una lettera.")).toEqual(["Scelga una lettera."]);
  });

  it("counts whole words only, and case where the form depends on it", () => {
    expect(sentencesInOtherForm("de", "Die Buchstaben sind fertig; sie werden gespeichert.")).toEqual([]);
    expect(sentencesInOtherForm("fr", "Testez votre police tout de suite.")).toEqual([]);
    expect(sentencesInOtherForm("ru", "Только что в тексте.")).toEqual([]);
    expect(sentencesInOtherForm("es", "Hasta que se confirme, elige otra.")).toEqual([]);
    expect(sentencesInOtherForm("en", "You may upload your pages.")).toEqual([]);
  });

  it("is kept by every message of the API in every language", () => {
    const catalogues: Record<string, MessageCatalogue<string>> = {
      AUTH_ERROR_MESSAGES,
      CORE_ERROR_MESSAGES,
      DATA_CONTROL_ERROR_MESSAGES,
      FONT_DIAGNOSTIC_MESSAGES,
      JOB_ERROR_MESSAGES,
      LETTER_ERROR_MESSAGES,
      PAYMENT_ERROR_MESSAGES,
      SCAN_WARNING_MESSAGES,
      WORKSPACE_ERROR_MESSAGES,
    };
    const slips: string[] = [];
    for (const [name, catalogue] of Object.entries(catalogues)) {
      for (const language of LANGUAGES) {
        for (const [code, message] of Object.entries(catalogue[language])) {
          for (const sentence of sentencesInOtherForm(language, message))
            slips.push(`${name}.${language}.${code}: ${sentence}`);
        }
      }
    }
    expect(slips).toEqual([]);
  });
});
