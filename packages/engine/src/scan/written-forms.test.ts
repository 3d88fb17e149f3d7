import { describe, expect, it } from "vitest";
import { hangsBelow, takesMarkAbove } from "./written-forms.ts";

describe("takesMarkAbove", () => {
  it("holds for letters with an accent or a dot over them, in any script, and for a template's marks over letters", () => {
    for (const chars of ["é", "Ü", "ñ", "й", "Ё", "ї", "ő", "i", "j", "і", "fi", "´", "\u0306"]) {
      expect(takesMarkAbove(chars), chars).toBe(true);
    }
  });

  it("does not hold for letters with nothing over them, marks under them, or punctuation", () => {
    for (const chars of ["E", "a", "*", "_", "8", "ç", "ą", "Д", "ø", "¸"])
      expect(takesMarkAbove(chars), chars).toBe(false);
  });
});

describe("hangsBelow", () => {
  it("holds for descenders, accented or not, and for punctuation written low", () => {
    for (const chars of ["g", "y", "ÿ", "р", "ў", "щ", "_", ",", "(", "gg"])
      expect(hangsBelow(chars), chars).toBe(true);
  });

  it("does not hold for letters on the baseline or standing above it", () => {
    for (const chars of ["a", "E", "*", "é", "0", '"', "ç"]) expect(hangsBelow(chars), chars).toBe(false);
  });
});
