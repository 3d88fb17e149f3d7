import { GlyphDocument as DocumentSchema, FONT_LIMITS, LETTER_LIMITS } from "@handfont/contract";
import {
  DEFAULT_PEN,
  emptyGlyphDocument,
  GLYPH_LIMITS,
  type GlyphDocument,
  migrateGlyphDocument,
} from "@handfont/engine/fonts";
import { describe, expect, expectTypeOf, it } from "vitest";

// The contract may not import the engine (DESIGN.md §2), so it repeats the glyph document's shape and limits.
describe("the contract's letter documents agree with the engine's", () => {
  it("has the engine's limits", () => {
    expect(LETTER_LIMITS).toEqual(GLYPH_LIMITS);
    expect(FONT_LIMITS.letters).toBeGreaterThan(0);
  });

  it("describes the same type", () => {
    expectTypeOf<DocumentSchema>().toEqualTypeOf<GlyphDocument>();
  });

  it("accepts every document the engine makes and refuses what the engine refuses", () => {
    const scanned = migrateGlyphDocument({
      path: "M0 0L100 0C150 0 150 100 100 100L0 100Z",
      advance: 500,
      lsb: null,
      rsb: 20,
      scale: 1.1,
      baselineShift: -5,
      source: "scan",
      templatePage: 3,
    });
    const drawn: GlyphDocument = {
      ...emptyGlyphDocument(),
      strokes: [{ id: "s1", pen: { ...DEFAULT_PEN }, points: [{ x: 1, y: 2, pressure: 0.5, t: 0 }] }],
    };
    for (const document of [scanned, drawn, emptyGlyphDocument({ kind: "composite", base: "a", mark: "´" })]) {
      expect(DocumentSchema.parse(structuredClone(document))).toEqual(document);
    }
    expect(DocumentSchema.safeParse({ ...drawn, schemaVersion: 2 }).success).toBe(false);
    const far = {
      ...scanned,
      contours: [{ points: [{ x: GLYPH_LIMITS.coordinate + 1, y: 0, on: true, type: "corner" }] }],
    };
    expect(DocumentSchema.safeParse(far).success).toBe(false);
  });
});
