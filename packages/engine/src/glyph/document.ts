/**
 * The letter as a document (DESIGN.md §6a): what the user made (contours and/or pen strokes), how it is measured
 * and adjusted, and where it came from. Everything that edits or compiles a letter reads and writes this shape;
 * the outline a font gets is derived from it by `outlineOf`. Coordinates are font units (1000 per em, y up from
 * the baseline), like the compiler's.
 *
 * Saved documents carry `schemaVersion`; each change of shape is a named `up` step in `migrate-document.ts`.
 */
export const GLYPH_DOCUMENT_SCHEMA_VERSION = 1;

/** Whether an on-curve point keeps its two handles in line (smooth) or may turn sharply (corner). */
export type PointType = "corner" | "smooth";

/**
 * One point of a contour. On-curve points are where the outline passes; off-curve points are cubic Bézier
 * handles. Between two on-curve points there are either no off-curve points (a straight line) or exactly two
 * (a cubic curve); quadratic curves are raised to cubic when a letter is imported.
 */
export type ContourPoint = { x: number; y: number; on: true; type: PointType } | { x: number; y: number; on: false };

/**
 * A closed contour, filled with the nonzero rule. It starts at an on-curve point, and after its last point the
 * outline returns to the first one (a trailing pair of off-curve points makes that return a curve).
 */
export interface GlyphContour {
  points: ContourPoint[];
}

/** The parameters of the pen a stroke was drawn with (perfect-freehand's options). */
export interface PenOptions {
  /** Diameter of the stroke in pen units (see `FONT_UNITS_PER_PEN_UNIT`); the spec's default is 16. */
  size: number;
  /** How much pressure thins the stroke, -1…1 (0.5 by default). */
  thinning: number;
  /** How much the stroke's edges are softened, 0…1 (0.5 by default). */
  smoothing: number;
  /** How much the input points are pulled along the stroke's path, 0…1 (0.5 by default). */
  streamline: number;
  /** True when the device reported no real pressure (mouse, finger) and pressure comes from speed. */
  simulatePressure: boolean;
}

/** Spec §9: pen stroke defaults size 16, smoothing 0.5, thinning 0.5, streamline 0.5. */
export const DEFAULT_PEN: PenOptions = {
  size: 16,
  thinning: 0.5,
  smoothing: 0.5,
  streamline: 0.5,
  simulatePressure: false,
};

/**
 * Pen units to font units. perfect-freehand's thresholds are tuned for screen pixels, so strokes are shaped in a
 * pen space where one em is 250 units (a letter as large as it is drawn on a tablet), and the default size 16
 * gives a 64-unit stroke: the stem of a felt-tip hand at text size.
 */
export const FONT_UNITS_PER_PEN_UNIT = 4;

/** One sampled position of the pen: font units, pressure 0…1, milliseconds since the stroke began. */
export interface StrokePoint {
  x: number;
  y: number;
  pressure: number;
  t: number;
}

/** A freehand stroke as it was drawn: the source of truth of a drawn letter; its outline is derived. */
export interface PenStroke {
  /** Stable within its document, so changes, erasers and undo can name the stroke. */
  id: string;
  points: StrokePoint[];
  pen: PenOptions;
}

/**
 * Metrics the user set. null means automatic: the compiler derives side bearings from the ink. `advance` wins
 * over side bearings when both are given.
 */
export interface GlyphMetrics {
  advance: number | null;
  leftSideBearing: number | null;
  rightSideBearing: number | null;
}

/** Per-letter adjustments applied to the outline: scale around the baseline origin, then a vertical shift. */
export interface GlyphAdjustments {
  scale: number;
  baselineShift: number;
}

/** An axis-aligned box in font units. */
export interface UnitBox {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Where a letter came from. */
export type GlyphSource =
  | {
      kind: "scan";
      /** The template and page the letter was read from, when known. */
      templateId: string | null;
      page: number | null;
      /**
       * The cell's picture kept for tracing under the outline in the editors: an opaque reference the storage
       * understands, and where the picture lies in font units.
       */
      image: { ref: string; box: UnitBox } | null;
    }
  | { kind: "drawn" }
  | { kind: "imported"; fileName: string | null }
  | { kind: "composite"; base: string; mark: string };

/**
 * A letter. Its outline is the nonzero union of `contours` and the outlines of `strokes`; a scanned or imported
 * letter has contours, a drawn one has strokes, and a retouched letter may have both.
 */
export interface GlyphDocument {
  schemaVersion: typeof GLYPH_DOCUMENT_SCHEMA_VERSION;
  contours: GlyphContour[];
  strokes: PenStroke[];
  metrics: GlyphMetrics;
  adjustments: GlyphAdjustments;
  source: GlyphSource;
}

export const NO_METRICS: GlyphMetrics = { advance: null, leftSideBearing: null, rightSideBearing: null };
export const NO_ADJUSTMENTS: GlyphAdjustments = { scale: 1, baselineShift: 0 };

/** An empty document of the given source: nothing drawn, automatic metrics, no adjustment. */
export function emptyGlyphDocument(source: GlyphSource = { kind: "drawn" }): GlyphDocument {
  return {
    schemaVersion: GLYPH_DOCUMENT_SCHEMA_VERSION,
    contours: [],
    strokes: [],
    metrics: { ...NO_METRICS },
    adjustments: { ...NO_ADJUSTMENTS },
    source,
  };
}
