import opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { parseSvgPath } from "../outline/parse-path.ts";
import { compileFontSync } from "./compile.ts";
import { DEFAULT_FONT_SETTINGS, FONT_PROJECT_SCHEMA_VERSION } from "./project.ts";
import { automaticSideBearings } from "./side-bearings.ts";

describe("automatic side bearings", () => {
  it("are the bearings a build gives the letter when the font's heights are the guides'", () => {
    // An "n": two stems joined by an arch whose top is the x-height (the build measures its heights on n and H).
    const n = "M100 0H160V420H340V0H400V480H100Z";
    const expected = automaticSideBearings(parseSvgPath(n), "n", { xHeight: 480, capHeight: 700 })!;
    const { fonts } = compileFontSync(
      {
        schemaVersion: FONT_PROJECT_SCHEMA_VERSION,
        family: "Bearings",
        style: "Regular",
        designer: "",
        version: "1.000",
        licence: { kind: "all-rights-reserved" },
        weight: 400,
        glyphs: [
          { chars: "n", variant: 1, path: n },
          { chars: "H", variant: 1, path: "M100 0H160V700H100Z" },
        ],
        settings: { ...DEFAULT_FONT_SETTINGS, kerning: "off" },
      },
      ["otf"],
      { timestamp: 0 },
    );
    const font = opentype.parse(fonts.otf!.slice().buffer as ArrayBuffer);
    const glyph = font.charToGlyph("n");
    const box = glyph.getBoundingBox();
    expect(expected.bbox.xMin).toBe(100);
    expect(Math.round(box.x1)).toBe(expected.left);
    expect(Math.round(glyph.advanceWidth! - box.x2)).toBe(expected.right);
  });
});
