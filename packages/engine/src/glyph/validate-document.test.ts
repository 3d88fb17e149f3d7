import { describe, expect, it } from "vitest";
import { DEFAULT_PEN, emptyGlyphDocument, type GlyphDocument, type PenStroke } from "./document.ts";
import { GlyphError } from "./errors.ts";
import { GLYPH_LIMITS } from "./limits.ts";
import { assertGlyphDocument, validateGlyphDocument } from "./validate-document.ts";

const stroke = (id: string, count: number): PenStroke => ({
  id,
  pen: { ...DEFAULT_PEN },
  points: Array.from({ length: count }, (_, i) => ({ x: i % 500, y: 100, pressure: 0.5, t: i * 8 })),
});

const square = (size: number) => ({
  points: [
    { x: 0, y: 0, on: true as const, type: "corner" as const },
    { x: size, y: 0, on: true as const, type: "corner" as const },
    { x: size, y: size, on: true as const, type: "corner" as const },
  ],
});

function thrown(json: unknown): GlyphError {
  try {
    assertGlyphDocument(json);
  } catch (error) {
    if (error instanceof GlyphError) return error;
    throw error;
  }
  throw new Error("expected a GlyphError");
}

describe("validating a glyph document", () => {
  it("accepts an empty document and one with contours and strokes", () => {
    expect(validateGlyphDocument(emptyGlyphDocument()).issues).toEqual([]);
    const document: GlyphDocument = { ...emptyGlyphDocument(), contours: [square(100)], strokes: [stroke("a", 10)] };
    expect(assertGlyphDocument(document)).toBe(document);
  });

  it("refuses a contour that starts off the curve or a curve with one handle", () => {
    const offFirst = {
      points: [
        { x: 0, y: 0, on: false },
        { x: 1, y: 1, on: true, type: "corner" },
      ],
    };
    const oneHandle = {
      points: [
        { x: 0, y: 0, on: true, type: "corner" },
        { x: 5, y: 5, on: false },
        { x: 9, y: 0, on: true, type: "corner" },
      ],
    };
    for (const contour of [offFirst, oneHandle]) {
      const error = thrown({ ...emptyGlyphDocument(), contours: [contour] });
      expect(error.code).toBe("GLYPH_DOCUMENT_INVALID");
      expect(error.issues[0]!.path).toMatch(/^contours\[0\]/);
    }
  });

  it("lists wrong pen parameters, pressures, metrics and sources with their paths", () => {
    const bad = {
      ...emptyGlyphDocument(),
      strokes: [{ ...stroke("a", 2), pen: { ...DEFAULT_PEN, thinning: 3 } }, { ...stroke("a", 2) }],
      metrics: { advance: -5, leftSideBearing: null, rightSideBearing: "x" },
      source: { kind: "pasted" },
    };
    const paths = validateGlyphDocument(bad).issues.map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "strokes[0].pen.thinning",
        "strokes[1].id",
        "metrics.advance",
        "metrics.rightSideBearing",
        "source.kind",
      ]),
    );
  });

  it("refuses a document past each limit with GLYPH_TOO_COMPLEX naming the limit", () => {
    const cases: [string, unknown][] = [
      [
        "contourPoints",
        {
          ...emptyGlyphDocument(),
          contours: [
            { points: square(10).points.concat(Array(GLYPH_LIMITS.contourPoints).fill(square(10).points[0])) },
          ],
        },
      ],
      [
        "strokes",
        {
          ...emptyGlyphDocument(),
          strokes: Array.from({ length: GLYPH_LIMITS.strokes + 1 }, (_, i) => stroke(`s${i}`, 1)),
        },
      ],
      ["strokePoints", { ...emptyGlyphDocument(), strokes: [stroke("a", GLYPH_LIMITS.strokePoints + 1)] }],
      [
        "totalStrokePoints",
        {
          ...emptyGlyphDocument(),
          strokes: Array.from({ length: GLYPH_LIMITS.totalStrokePoints / GLYPH_LIMITS.strokePoints + 1 }, (_, i) =>
            stroke(`s${i}`, GLYPH_LIMITS.strokePoints),
          ),
        },
      ],
      ["coordinate", { ...emptyGlyphDocument(), contours: [square(GLYPH_LIMITS.coordinate + 1)] }],
    ];
    for (const [limit, json] of cases) {
      const error = thrown(json);
      expect(error.code, limit).toBe("GLYPH_TOO_COMPLEX");
      expect(error.exceeded?.limit).toBe(limit);
      expect(error.exceeded!.actual).toBeGreaterThan(error.exceeded!.maximum);
    }
  });

  it("accepts a document exactly at the stroke limits", () => {
    const document = {
      ...emptyGlyphDocument(),
      strokes: Array.from({ length: GLYPH_LIMITS.totalStrokePoints / GLYPH_LIMITS.strokePoints }, (_, i) =>
        stroke(`s${i}`, GLYPH_LIMITS.strokePoints),
      ),
    };
    expect(validateGlyphDocument(document)).toEqual({ issues: [], exceeded: null });
  });
});
