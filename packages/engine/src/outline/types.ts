/** A point in font units: y grows upward from the baseline, unitsPerEm 1000. */
export interface Point {
  x: number;
  y: number;
}

/** A straight segment to (x, y). */
export interface LineSegment {
  type: "L";
  x: number;
  y: number;
}

/** A cubic Bézier segment with control points (x1, y1), (x2, y2) ending at (x, y). */
export interface CubicSegment {
  type: "C";
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  x: number;
  y: number;
}

export type Segment = LineSegment | CubicSegment;

/** A closed contour: it starts at `start` and its last segment returns to it (explicitly or implicitly). */
export interface Contour {
  start: Point;
  segments: Segment[];
}

/** A glyph outline: closed contours filled with the nonzero winding rule. */
export type Outline = Contour[];

/** An axis-aligned box in font units. */
export interface BBox {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
