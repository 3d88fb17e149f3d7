import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { LABEL_FONT_CAP_HEIGHT, labelFontBytes, labelFontCovers, labelWidthInCapHeights } from "./label-font-bytes.ts";

// fontkit reads the same font on its own: what it says is the ground truth for the label font's tables.
const font = fontkit.create(labelFontBytes());

describe("label font", () => {
  it("measures a label as wide as its glyphs' advances, mark labels and variants included", () => {
    for (const label of ["A", "W", "ж 2", "` è", "´ é", "ˇ č", "Ё", "Ω", "ʼ", "1", "U+4E2D 2"]) {
      const advance = font.layout(label).advanceWidth / font.unitsPerEm / LABEL_FONT_CAP_HEIGHT;
      expect({ label, width: labelWidthInCapHeights(label) }).toEqual({ label, width: advance });
    }
  });

  it("measures a label the font cannot print as the code points printed instead", () => {
    const printed = font.layout("U+4E2D 2").advanceWidth / font.unitsPerEm / LABEL_FONT_CAP_HEIGHT;
    expect(labelWidthInCapHeights("中 2")).toBe(printed);
  });

  it("knows which characters the font has, as fontkit does", () => {
    for (const text of ["A", "ж", "Ґ", "è", "Ω", "中", "🙂", "\u0301"]) {
      const has = Array.from(text).every((ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!));
      expect({ text, covered: labelFontCovers(text) }).toEqual({ text, covered: has });
    }
  });
});
