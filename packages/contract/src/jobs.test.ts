import { describe, expect, it } from "vitest";
import { JOB_ERROR_CODES, JOB_ERROR_MESSAGES } from "./jobs.ts";
import { LANGUAGES } from "./languages.ts";

describe("job messages", () => {
  it("translates every job error code into all seven languages, none copying the English", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(JOB_ERROR_MESSAGES[language]).sort(), language).toEqual([...JOB_ERROR_CODES].sort());
      for (const code of JOB_ERROR_CODES) {
        expect(JOB_ERROR_MESSAGES[language][code], `${language}.${code}`).toMatch(/\S{3}/);
        if (language !== "en") expect(JOB_ERROR_MESSAGES[language][code]).not.toBe(JOB_ERROR_MESSAGES.en[code]);
      }
    }
  });
});
