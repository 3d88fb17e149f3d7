import { describe, expect, it } from "vitest";
import { isLanguage, LANGUAGES, matchLanguage, parseAcceptLanguage } from "./languages.ts";

describe("languages", () => {
  it("offers exactly the seven interface languages of the spec", () => {
    expect([...LANGUAGES].sort()).toEqual(["de", "en", "es", "fr", "it", "ru", "uk"]);
  });

  it("matches a regional tag to its base language", () => {
    expect(matchLanguage(["de-AT"])).toBe("de");
    expect(matchLanguage(["pt-BR", "uk_UA"])).toBe("uk");
    expect(matchLanguage(["pt", "ja"])).toBeUndefined();
  });

  it("orders Accept-Language tags by quality, keeping header order on ties", () => {
    expect(parseAcceptLanguage("fr;q=0.5, ru-RU, en;q=0.9, *;q=0.1")).toEqual(["ru-RU", "en", "fr"]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage("de;q=0")).toEqual([]);
  });

  it("rejects anything that is not one of the seven codes", () => {
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("EN")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
