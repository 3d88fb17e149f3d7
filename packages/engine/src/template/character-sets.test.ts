import { describe, expect, it } from "vitest";
import { CHARACTER_SETS, characterSet, combineCharacters } from "./character-sets.ts";

describe("character sets", () => {
  it("holds the Russian alphabet with Ё right after Е in both cases", () => {
    const ru = characterSet("ru").members;
    expect(ru).toHaveLength(66);
    expect(ru.slice(5, 8)).toEqual(["Е", "Ё", "Ж"]);
    expect(ru.slice(38, 41)).toEqual(["е", "ё", "ж"]);
  });

  it("holds the Ukrainian additions including the apostrophe ʼ", () => {
    expect(characterSet("uk").members).toEqual(["Ґ", "Є", "І", "Ї", "ґ", "є", "і", "ї", "ʼ"]);
  });

  it("holds ß, œ, æ, ç, ñ, ¿ and ¡ among the Western European letters", () => {
    const western = ["de", "fr", "es"].flatMap((id) => characterSet(id as "de").members);
    for (const ch of ["ß", "œ", "æ", "ç", "ñ", "¿", "¡"]) expect(western).toContain(ch);
  });

  it("holds the thirteen accent marks once each", () => {
    const marks = characterSet("marks").members;
    expect(marks).toHaveLength(13);
    expect(new Set(marks).size).toBe(13);
  });

  it("gives every set a unique id, a name and single-character members", () => {
    expect(new Set(CHARACTER_SETS.map((set) => set.id)).size).toBe(CHARACTER_SETS.length);
    for (const set of CHARACTER_SETS) {
      expect(set.name.length).toBeGreaterThan(0);
      for (const ch of set.members) expect(Array.from(ch)).toHaveLength(1);
    }
  });

  it("combines sets and typed characters without duplicates, normalising combining accents", () => {
    const combined = combineCharacters(["es", "it"], "e\u0301 ш  ш\u00a0€");
    expect(combined.filter((ch) => ch === "é")).toHaveLength(1);
    expect(combined.slice(-2)).toEqual(["ш", "€"]);
    expect(combined).not.toContain(" ");
  });
});
