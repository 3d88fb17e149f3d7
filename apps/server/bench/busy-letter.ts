/**
 * A save of one letter at the per-letter stroke limits, as the letters API takes it: loops that cross themselves, the
 * costly case of the union. `salt` moves the loops so each save is a new drawing.
 */
export function busyLetter(revision: number | null, salt: number, strokePoints: number, totalPoints: number): string {
  const strokes = Array.from({ length: totalPoints / strokePoints }, (_, s) => ({
    id: `s${s}`,
    pen: { size: 16, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: false },
    points: Array.from({ length: strokePoints }, (_, i) => ({
      x: Math.round(300 + 250 * Math.cos(i / 50 + s + salt)),
      y: Math.round(300 + 250 * Math.sin(i / 31 + s)),
      pressure: 0.5,
      t: i * 8,
    })),
  }));
  const document = {
    schemaVersion: 1,
    contours: [],
    strokes,
    metrics: { advance: null, leftSideBearing: null, rightSideBearing: null },
    adjustments: { scale: 1, baselineShift: 0 },
    source: { kind: "drawn" },
  };
  return JSON.stringify({ changes: [{ chars: "ж", variant: 1, baseRevision: revision, document }] });
}
