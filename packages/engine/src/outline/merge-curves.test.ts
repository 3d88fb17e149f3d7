import { describe, expect, it } from "vitest";
import { createRandom, type Random } from "../synth/index.ts";
import { subCubic } from "./bezier.ts";
import { curvesCross, outlinePieces } from "./curve-crossings.ts";
import { inOrder, withExtrema } from "./extrema.ts";
import { distanceToSegment } from "./fit-curves.ts";
import { flattenOutline, type Polygon } from "./flatten.ts";
import { roundOutline } from "./geometry.ts";
import { MERGE_TOLERANCE, mergeCurves } from "./merge-curves.ts";
import type { Contour, Outline, Point, Segment } from "./types.ts";

type Cubic = [number, number, number, number, number, number, number, number];

/** A cubic cut into `pieces` equal-parameter parts (exact sub-curves), as segments after its start. */
function cut(c: Cubic, pieces: number): Segment[] {
  return Array.from({ length: pieces }, (_, k) => {
    const [, x1, x2, x] = subCubic(c[0], c[2], c[4], c[6], k / pieces, (k + 1) / pieces);
    const [, y1, y2, y] = subCubic(c[1], c[3], c[5], c[7], k / pieces, (k + 1) / pieces);
    return { type: "C", x1, y1, x2, y2, x, y };
  });
}

/** The farthest any point of polygon a lies from polygon b's edges. */
function farthest(a: Polygon, b: Polygon): number {
  let worst = 0;
  for (const p of a) {
    let nearest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < b.length; i++) nearest = Math.min(nearest, distanceToSegment(p, b[i]!, b[(i + 1) % b.length]!));
    worst = Math.max(worst, nearest);
  }
  return worst;
}

/** How far two outlines of the same contours are apart, both ways, on flattenings within 0.05 units. */
function deviation(a: Outline, b: Outline): number {
  const pa = flattenOutline(a, 0.05);
  const pb = flattenOutline(b, 0.05);
  return Math.max(...pa.map((p, i) => Math.max(farthest(p, pb[i]!), farthest(pb[i]!, p))));
}

const curveCount = (outline: Outline) =>
  outline.reduce((sum, contour) => sum + contour.segments.filter((s) => s.type === "C").length, 0);

/** Every on-curve point of an outline, as "x,y". */
const points = (outline: Outline) =>
  new Set(outline.flatMap((contour) => [contour.start, ...contour.segments].map((p) => `${p.x},${p.y}`)));

/** A circle as four quarter cubics (handle 0.5523 of the radius), each cut into `pieces`, rounded. */
function circle(cx: number, cy: number, r: number, pieces: number): Outline {
  const k = 0.5523 * r;
  const quarters: Cubic[] = [
    [cx + r, cy, cx + r, cy + k, cx + k, cy + r, cx, cy + r],
    [cx, cy + r, cx - k, cy + r, cx - r, cy + k, cx - r, cy],
    [cx - r, cy, cx - r, cy - k, cx - k, cy - r, cx, cy - r],
    [cx, cy - r, cx + k, cy - r, cx + r, cy - k, cx + r, cy],
  ];
  return roundOutline([{ start: { x: cx + r, y: cy }, segments: quarters.flatMap((q) => cut(q, pieces)) }]);
}

describe("merging neighbouring curves", () => {
  it("gives back one curve for a curve cut into eight pieces, within the tolerance of them", () => {
    const arc: Cubic = [0, 0, 0, 170, 190, 300, 400, 300];
    const outline: Outline = roundOutline([
      { start: { x: 0, y: 0 }, segments: [...cut(arc, 8), { type: "L", x: 400, y: 0 }, { type: "L", x: 0, y: 0 }] },
    ]);
    const merged = mergeCurves(outline);
    expect(curveCount(merged)).toBe(1);
    // The curve and the line down; rounding leaves the closing line implicit.
    expect(merged[0]!.segments).toHaveLength(2);
    expect(deviation(outline, merged)).toBeLessThanOrEqual(MERGE_TOLERANCE);
  });

  it("keeps a circle cut into 24 curves as four curves between its four extrema", () => {
    const outline = circle(500, 400, 300, 6);
    const merged = mergeCurves(withExtrema(outline));
    expect(curveCount(merged)).toBe(4);
    expect(points(merged)).toEqual(new Set(["800,400", "500,700", "200,400", "500,100"]));
    expect(deviation(outline, merged)).toBeLessThanOrEqual(MERGE_TOLERANCE);
  });

  it("keeps a corner between two curves that run the same way", () => {
    // Both curves rise to the right; they meet at (200, 100) turning from rightwards to upwards.
    const outline: Outline = [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "C", x1: 80, y1: 60, x2: 140, y2: 100, x: 200, y: 100 },
          { type: "C", x1: 200, y1: 160, x2: 240, y2: 220, x: 300, y: 260 },
          { type: "L", x: 300, y: 0 },
          { type: "L", x: 0, y: 0 },
        ],
      },
    ];
    expect(mergeCurves(outline)).toEqual(outline);
  });

  it("drops points along straight edges and keeps the corners", () => {
    const outline: Outline = [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "L", x: 100, y: 0 },
          { type: "L", x: 250, y: 0 },
          { type: "L", x: 400, y: 1 },
          { type: "L", x: 400, y: 300 },
          { type: "L", x: 0, y: 300 },
          { type: "L", x: 0, y: 120 },
          { type: "L", x: 0, y: 0 },
        ],
      },
    ];
    const merged = mergeCurves(outline);
    expect(merged[0]!.segments.map((s) => `${s.x},${s.y}`)).toEqual(["400,1", "400,300", "0,300", "0,0"]);
  });

  it("leaves curves that cannot be one alone: a bend too deep for one cubic between its ends and tangents", () => {
    // Two quarter turns the same way round, an S would need an inflection in a single monotone span: not one curve.
    const outline: Outline = [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "C", x1: 0, y1: 100, x2: 50, y2: 100, x: 100, y: 100 },
          { type: "C", x1: 150, y1: 100, x2: 200, y2: 100, x: 200, y: 200 },
          { type: "L", x: 300, y: 200 },
          { type: "L", x: 300, y: 0 },
          { type: "L", x: 0, y: 0 },
        ],
      },
    ];
    expect(curveCount(mergeCurves(outline))).toBe(2);
  });
});

/** A closed wavy blob: a radius wobbling with a few random harmonics, as many short curves through its samples. */
function blob(random: Random, pieces: number): Contour {
  const cx = random.range(300, 700);
  const cy = random.range(200, 600);
  const r = random.range(60, 300);
  const harmonics = Array.from({ length: 3 }, (_, k) => ({
    k: k + 2 + Math.floor(random.range(0, 4)),
    a: random.range(0, 0.25) * r,
    phase: random.range(0, 2 * Math.PI),
  }));
  const at = (t: number): Point => {
    const angle = 2 * Math.PI * t;
    const rr = r + harmonics.reduce((sum, h) => sum + h.a * Math.sin(h.k * angle + h.phase), 0);
    return { x: cx + rr * Math.cos(angle), y: cy + rr * Math.sin(angle) };
  };
  // Catmull–Rom through the samples: smooth joints, as a tracer or a font's quadratics give them.
  const samples = Array.from({ length: pieces }, (_, i) => at(i / pieces));
  const segments: Segment[] = samples.map((p, i) => {
    const before = samples[(i + pieces - 1) % pieces]!;
    const next = samples[(i + 1) % pieces]!;
    const after = samples[(i + 2) % pieces]!;
    return {
      type: "C",
      x1: p.x + (next.x - before.x) / 6,
      y1: p.y + (next.y - before.y) / 6,
      x2: next.x - (after.x - p.x) / 6,
      y2: next.y - (after.y - p.y) / 6,
      x: next.x,
      y: next.y,
    };
  });
  return { start: samples[0]!, segments };
}

describe("merging on random contorted shapes (property)", () => {
  it("stays within the tolerance, adds no crossing and no extremum, and needs fewer points (120 seeded blobs)", () => {
    const random = createRandom(21);
    let before = 0;
    let after = 0;
    for (let shape = 0; shape < 120; shape++) {
      const outline = withExtrema(roundOutline([blob(random, 20 + Math.floor(random.range(0, 60)))]));
      const merged = mergeCurves(outline);
      expect(deviation(outline, merged), `shape ${shape}`).toBeLessThanOrEqual(MERGE_TOLERANCE);
      if (curvesCross(outlinePieces(outline)).size === 0) {
        expect(curvesCross(outlinePieces(merged)).size, `shape ${shape}`).toBe(0);
      }
      // Every merged curve runs one way along both axes: the extrema stay on-curve points.
      const given = new Set(outline[0]!.segments.map((s) => JSON.stringify(s)));
      for (const contour of merged) {
        let from = contour.start;
        for (const s of contour.segments) {
          if (s.type === "C" && !given.has(JSON.stringify(s))) {
            expect(inOrder(from.x, s.x1, s.x2, s.x) && inOrder(from.y, s.y1, s.y2, s.y), `shape ${shape}`).toBe(true);
          }
          from = s;
        }
      }
      before += curveCount(outline);
      after += curveCount(merged);
    }
    expect(after).toBeLessThan(before / 2);
  }, 60_000);
});
