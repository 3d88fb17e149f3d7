import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language.ts";

describe("language detection", () => {
  it("prefers a valid language cookie over the browser languages", () => {
    expect(detectLanguage({ cookie: "uk", navigatorLanguages: ["de-DE", "en"] })).toBe("uk");
  });

  it("falls back to the first supported browser language, regional tags included", () => {
    expect(detectLanguage({ cookie: undefined, navigatorLanguages: ["pt-BR", "fr-CA", "de"] })).toBe("fr");
  });

  it("ignores a cookie that holds no supported language", () => {
    expect(detectLanguage({ cookie: "xx", navigatorLanguages: ["it-IT"] })).toBe("it");
  });

  it("ends in English when nothing matches", () => {
    expect(detectLanguage({ cookie: undefined, navigatorLanguages: ["ja-JP", "zh"] })).toBe("en");
    expect(detectLanguage({ cookie: undefined, navigatorLanguages: [] })).toBe("en");
  });
});
