import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";
import { PAYMENT_ERROR_CODES, PAYMENT_ERROR_MESSAGES } from "./payment-errors.ts";

describe("payment messages", () => {
  it("translates every payment error code into all seven languages, none left in English", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(PAYMENT_ERROR_MESSAGES[language]).sort(), language).toEqual([...PAYMENT_ERROR_CODES].sort());
      for (const code of PAYMENT_ERROR_CODES) {
        expect(PAYMENT_ERROR_MESSAGES[language][code], `${language}.${code}`).toMatch(/\S/);
        if (language !== "en") expect(PAYMENT_ERROR_MESSAGES[language][code]).not.toBe(PAYMENT_ERROR_MESSAGES.en[code]);
      }
    }
  });
});
