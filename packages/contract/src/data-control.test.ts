import { describe, expect, it } from "vitest";
import { DATA_CONTROL_ERROR_CODES, DATA_CONTROL_ERROR_MESSAGES, DeleteAccountRequest } from "./data-control.ts";
import { LANGUAGES } from "./languages.ts";

describe("data control", () => {
  it("translates every error code into all seven languages", () => {
    for (const language of LANGUAGES) {
      const messages = DATA_CONTROL_ERROR_MESSAGES[language];
      expect(Object.keys(messages).sort(), language).toEqual([...DATA_CONTROL_ERROR_CODES].sort());
      for (const code of DATA_CONTROL_ERROR_CODES) {
        expect(messages[code], `${language}.${code}`).toMatch(/\S/);
        if (language !== "en")
          expect(messages[code], `${language}.${code}`).not.toBe(DATA_CONTROL_ERROR_MESSAGES.en[code]);
      }
    }
  });

  it("needs the username to delete an account; the password is optional for accounts without one", () => {
    expect(DeleteAccountRequest.safeParse({ password: "x" }).success).toBe(false);
    expect(DeleteAccountRequest.safeParse({ username: "  " }).success).toBe(false);
    expect(DeleteAccountRequest.parse({ username: " anna " })).toEqual({ username: "anna" });
  });
});
