/**
 * How large one letter may be. A letter beyond these is refused with GLYPH_TOO_COMPLEX before any geometry runs, so
 * one user's data can neither hold a server's event loop nor a browser's worker for long: a letter at every limit
 * still turns into an outline in under a second, a drawn letter of three strokes in tens of milliseconds
 * (bench/glyph-bench.ts). Deriving outlines of strokes belongs in a worker; checking the limits is cheap anywhere.
 */
export const GLYPH_LIMITS = {
  /** On- and off-curve points of all contours together: a traced scan letter has a few hundred; the largest path the
   * server accepted before documents (200,000 characters) has fewer than this, so every stored letter loads. */
  contourPoints: 50_000,
  /** Pen strokes in one letter. */
  strokes: 200,
  /** Sampled points of one stroke (a slow 10-second stroke at 120 Hz is 1,200). */
  strokePoints: 5_000,
  /** Sampled points of all strokes together: a letter of three strokes has a few hundred. */
  totalStrokePoints: 10_000,
  /** Largest absolute coordinate in font units: ten ems around the origin is far beyond any letter. */
  coordinate: 10_000,
  /** Largest advance or side bearing, in font units. */
  metric: 10_000,
} as const;

/** Accepted ranges of the pen's parameters and of the per-letter adjustments. */
export const GLYPH_RANGES = {
  penSize: { min: 0.5, max: 100 },
  thinning: { min: -1, max: 1 },
  smoothing: { min: 0, max: 1 },
  streamline: { min: 0, max: 1 },
  scale: { min: 0.05, max: 20 },
  baselineShift: { min: -5_000, max: 5_000 },
} as const;
