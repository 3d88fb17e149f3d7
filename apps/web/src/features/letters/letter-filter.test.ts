import { CHARACTER_SETS } from "@handfont/engine/templates";
import { describe, expect, it } from "vitest";
import { filterLetters, findCharacter, hasOthers, setsOf } from "./letter-filter.ts";

const letter = (chars: string, variant = 1, warnings: string[] = []) => ({ chars, variant, warnings });
const digits = CHARACTER_SETS.find((set) => set.id === "digits")!.members;

describe("the letters grid's filter", () => {
  const letters = [letter("A"), letter("A", 2), letter("b", 1, ["small"]), letter("1"), letter("ff")];

  it("shows every letter, or only those with warnings", () => {
    expect(filterLetters(letters, { kind: "all" })).toHaveLength(5);
    expect(filterLetters(letters, { kind: "warnings" })).toEqual([{ kind: "letter", letter: letters[2] }]);
  });

  it("lists as missing the characters of the begun sets that have no letter, and nothing of untouched sets", () => {
    const missing = filterLetters(letters, { kind: "missing" }).map((entry) =>
      entry.kind === "missing" ? entry.chars : "",
    );
    // Latin has 52 letters of which A and b are written; digits 10 of which 1 is written; Cyrillic is not begun.
    expect(missing).toHaveLength(52 - 2 + 10 - 1);
    expect(missing).toContain("B");
    expect(missing).toContain("0");
    expect(missing).not.toContain("A");
    expect(missing).not.toContain("Б");
  });

  it("shows a set in its own order: written characters with every variant, the rest as missing", () => {
    const entries = filterLetters(letters, { kind: "set", set: "digits" });
    expect(entries).toHaveLength(digits.length);
    expect(entries[1]).toEqual({ kind: "letter", letter: letters[3] });
    expect(entries[0]).toEqual({ kind: "missing", chars: "0" });
    const latin = filterLetters(letters, { kind: "set", set: "latin" });
    expect(latin.slice(0, 2)).toEqual([
      { kind: "letter", letter: letters[0] },
      { kind: "letter", letter: letters[1] },
    ]);
  });

  it("offers the begun sets and the characters outside every set (ligatures)", () => {
    expect(setsOf(letters)).toEqual(["latin", "digits"]);
    expect(hasOthers(letters)).toBe(true);
    expect(hasOthers([letter("A")])).toBe(false);
    expect(filterLetters(letters, { kind: "other" })).toEqual([{ kind: "letter", letter: letters[4] }]);
  });

  it("shows as composed, never as missing, the accented letters the font builds from a written letter and mark", () => {
    // French is begun (à is written); é and ç come from e, c and the written acute and cedilla, ê has no circumflex.
    const written = [letter("e"), letter("c"), letter("à"), letter("\u00b4"), letter("\u00b8")];
    const missing = filterLetters(written, { kind: "missing" }).map((entry) =>
      entry.kind === "missing" ? entry.chars : "",
    );
    expect(missing).not.toContain("é");
    expect(missing).not.toContain("ç");
    expect(missing).toContain("ê");
    const french = filterLetters(written, { kind: "set", set: "fr" });
    expect(french).toContainEqual({ kind: "composed", chars: "é", base: "e", mark: "\u00b4" });
    expect(french).toContainEqual({ kind: "composed", chars: "ç", base: "c", mark: "\u00b8" });
    expect(french).toContainEqual({ kind: "missing", chars: "ê" });
    // A font that does not compose accents is missing them all.
    const plain = filterLetters(written, { kind: "missing" }, false).map((entry) =>
      entry.kind === "missing" ? entry.chars : "",
    );
    expect(plain).toContain("é");
  });

  it("finds the first box of a typed character, trimmed and in composed form, or says it is not there", () => {
    const entries = filterLetters(letters, { kind: "all" });
    expect(findCharacter(entries, " b ")).toBe(2);
    expect(findCharacter(entries, "A")).toBe(0);
    expect(findCharacter(entries, "Z")).toBe(-1);
    expect(findCharacter(entries, "")).toBe(-1);
    const accented = [letter("é")];
    expect(findCharacter(filterLetters(accented, { kind: "all" }), "e\u0301")).toBe(0);
  });
});
