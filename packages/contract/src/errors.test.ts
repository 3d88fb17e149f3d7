import { describe, expect, it } from "vitest";
import { CORE_ERROR_CODES, CORE_ERROR_MESSAGES } from "./errors.ts";
import { LANGUAGES } from "./languages.ts";

describe("core error messages", () => {
  it("has a distinct, non-empty message for every code in every language", () => {
    for (const language of LANGUAGES) {
      for (const code of CORE_ERROR_CODES) {
        expect(CORE_ERROR_MESSAGES[language][code], `${language}.${code}`).toMatch(/\S/);
      }
      if (language !== "en") {
        const same = CORE_ERROR_CODES.filter(
          (code) => CORE_ERROR_MESSAGES[language][code] === CORE_ERROR_MESSAGES.en[code],
        );
        expect(same, `${language} copies English`).toEqual([]);
      }
    }
  });
});
