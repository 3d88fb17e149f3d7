import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";
import { LETTER_ERROR_CODES, LETTER_ERROR_MESSAGES } from "./letter-errors.ts";

describe("letter messages", () => {
  it("translates every letter error code into all seven languages, none copying the English", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(LETTER_ERROR_MESSAGES[language]).sort(), language).toEqual([...LETTER_ERROR_CODES].sort());
      for (const code of LETTER_ERROR_CODES) {
        expect(LETTER_ERROR_MESSAGES[language][code], `${language}.${code}`).toMatch(/\S{3}/);
        if (language !== "en") expect(LETTER_ERROR_MESSAGES[language][code]).not.toBe(LETTER_ERROR_MESSAGES.en[code]);
      }
    }
  });
});
