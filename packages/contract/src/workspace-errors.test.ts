import { describe, expect, it } from "vitest";
import type { MessageCatalogue } from "./errors.ts";
import { FONT_DIAGNOSTIC_CODES, FONT_DIAGNOSTIC_MESSAGES } from "./font-diagnostics.ts";
import { LANGUAGES } from "./languages.ts";
import { SCAN_WARNING_CODES, SCAN_WARNING_MESSAGES } from "./scan-warnings.ts";
import { WORKSPACE_ERROR_CODES, WORKSPACE_ERROR_MESSAGES } from "./workspace-errors.ts";

function expectTranslated<Code extends string>(codes: readonly Code[], catalogue: MessageCatalogue<Code>) {
  for (const language of LANGUAGES) {
    expect(Object.keys(catalogue[language]).sort(), language).toEqual([...codes].sort());
    for (const code of codes) expect(catalogue[language][code], `${language}.${code}`).toMatch(/\S/);
    if (language !== "en") {
      const copied = codes.filter((code) => catalogue[language][code] === catalogue.en[code]);
      expect(copied, `${language} copies English`).toEqual([]);
    }
  }
}

describe("workspace messages", () => {
  it("translates every workspace error code into all seven languages", () => {
    expectTranslated(WORKSPACE_ERROR_CODES, WORKSPACE_ERROR_MESSAGES);
  });

  it("translates every font diagnostic into all seven languages, each naming the characters", () => {
    expectTranslated(FONT_DIAGNOSTIC_CODES, FONT_DIAGNOSTIC_MESSAGES);
    for (const messages of Object.values(FONT_DIAGNOSTIC_MESSAGES)) {
      for (const message of Object.values(messages)) expect(message).toContain("{chars}");
    }
  });

  it("translates every scan warning into all seven languages", () => {
    expectTranslated(SCAN_WARNING_CODES, SCAN_WARNING_MESSAGES);
  });
});
