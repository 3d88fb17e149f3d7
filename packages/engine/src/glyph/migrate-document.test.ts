import { describe, expect, it } from "vitest";
import { transformOutline } from "../outline/geometry.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import { outlineToSvgPath } from "../outline/serialize-path.ts";
import { GLYPH_DOCUMENT_SCHEMA_VERSION } from "./document.ts";
import { GlyphError } from "./errors.ts";
import { migrateGlyphDocument } from "./migrate-document.ts";
import { outlineOf } from "./outline-of.ts";

// A letter row as the server stored it before documents (apps/server glyphs table): normalised absolute path data
// with Q commands kept, coordinates to 1/100 unit.
const storedLetter = {
  path: "M10 0L90 0Q120 50 90 100L10 100ZM30 30L30 70L70 70L70 30Z",
  advance: null,
  lsb: 12.5,
  rsb: null,
  scale: 1.25,
  baselineShift: -20,
  source: "scan",
  templatePage: 2,
};

describe("migrating glyph documents", () => {
  it("turns a stored letter into a document with the same outline, metrics and adjustments", () => {
    const document = migrateGlyphDocument(storedLetter);
    expect(document.schemaVersion).toBe(GLYPH_DOCUMENT_SCHEMA_VERSION);
    expect(document.metrics).toEqual({ advance: null, leftSideBearing: 12.5, rightSideBearing: null });
    expect(document.adjustments).toEqual({ scale: 1.25, baselineShift: -20 });
    expect(document.source).toEqual({ kind: "scan", templateId: null, page: 2, image: null });
    expect(document.strokes).toEqual([]);
    // The outline the compiler gets is the stored path with the letter's scale and shift, as the build applied them.
    const expected = transformOutline(parseSvgPath(storedLetter.path), 1.25, 0, 0, 1.25, 0, -20);
    expect(outlineToSvgPath(outlineOf(document))).toBe(outlineToSvgPath(expected));
  });

  it("maps each stored source to its document source", () => {
    expect(migrateGlyphDocument({ ...storedLetter, source: "drawn" }).source).toEqual({ kind: "drawn" });
    expect(migrateGlyphDocument({ ...storedLetter, source: "imported" }).source).toEqual({
      kind: "imported",
      fileName: null,
    });
    expect(migrateGlyphDocument({ ...storedLetter, templateId: "T1", templatePage: null }).source).toEqual({
      kind: "scan",
      templateId: "T1",
      page: null,
      image: null,
    });
  });

  it("returns a current document as it is and refuses versions it does not know", () => {
    const current = migrateGlyphDocument(storedLetter);
    expect(migrateGlyphDocument(structuredClone(current))).toEqual(current);
    for (const schemaVersion of [GLYPH_DOCUMENT_SCHEMA_VERSION + 1, -1, 1.5, "1"]) {
      expect(() => migrateGlyphDocument({ ...current, schemaVersion })).toThrow(
        expect.objectContaining({ code: "GLYPH_DOCUMENT_VERSION_UNSUPPORTED" }),
      );
    }
  });

  it("refuses a stored letter whose path cannot be read, and anything that is not an object", () => {
    for (const json of [{ ...storedLetter, path: "M0 0 L" }, null, [], "M0 0"]) {
      expect(() => migrateGlyphDocument(json)).toThrow(GlyphError);
    }
  });
});
