import { describe, expect, it } from "vitest";
import { createRandom } from "../synth/index.ts";
import { cubicAt, cubicExtremaT } from "./bezier.ts";
import { SHARP_JOINT_RATIO, withExtrema } from "./extrema.ts";
import type { Contour, CubicSegment, Outline, Point } from "./types.ts";

const curve = (x1: number, y1: number, x2: number, y2: number, x: number, y: number): CubicSegment => ({
  type: "C",
  x1,
  y1,
  x2,
  y2,
  x,
  y,
});

/** Each curve of a contour with the point it starts from. */
function curves(contour: Contour): { from: Point; c: CubicSegment }[] {
  const out: { from: Point; c: CubicSegment }[] = [];
  let from = contour.start;
  for (const s of contour.segments) {
    if (s.type === "C") out.push({ from, c: s });
    from = s;
  }
  return out;
}

/** Interior extrema of a curve that reach more than `margin` units past both of its ends along their axis. */
function extremaPastEnds({ from, c }: { from: Point; c: CubicSegment }, margin: number): number[] {
  const found: number[] = [];
  for (const [p0, p1, p2, p3] of [
    [from.x, c.x1, c.x2, c.x],
    [from.y, c.y1, c.y2, c.y],
  ] as const) {
    for (const t of cubicExtremaT(p0, p1, p2, p3)) {
      const v = cubicAt(p0, p1, p2, p3, t);
      if (v > Math.max(p0, p3) + margin || v < Math.min(p0, p3) - margin) found.push(t);
    }
  }
  return found;
}

/** Each contour as a polygon through its curves sampled at 96 steps. */
function polygons(outline: Outline): Point[][] {
  return outline.map((contour) => {
    const out: Point[] = [contour.start];
    let from = contour.start;
    for (const s of contour.segments) {
      for (let k = 1; k <= 96; k++) {
        const t = k / 96;
        if (s.type === "L") out.push({ x: from.x + (s.x - from.x) * t, y: from.y + (s.y - from.y) * t });
        else out.push({ x: cubicAt(from.x, s.x1, s.x2, s.x, t), y: cubicAt(from.y, s.y1, s.y2, s.y, t) });
      }
      from = s;
    }
    return out;
  });
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** The farthest any point of `a`'s curves lies from `b`'s curves (both sampled finely). */
function farthest(a: Outline, b: Outline): number {
  const bs = polygons(b);
  let worst = 0;
  for (const polygon of polygons(a)) {
    for (let i = 0; i < polygon.length; i += 3) {
      const p = polygon[i]!;
      let best = Number.POSITIVE_INFINITY;
      for (const q of bs)
        for (let j = 1; j < q.length; j++) best = Math.min(best, distanceToSegment(p, q[j - 1]!, q[j]!));
      worst = Math.max(worst, best);
    }
  }
  return worst;
}

describe("points at extrema", () => {
  it("puts a point at the top of an arch, its handles level", () => {
    const arch: Outline = [{ start: { x: 0, y: 0 }, segments: [curve(0, 100, 100, 100, 100, 0)] }];
    const [contour] = withExtrema(arch);
    // The symmetric arch peaks at t = 1/2: x = 50, y = 3/4 of the handles' height.
    expect(contour!.segments.map((s) => [s.x, s.y])).toEqual([
      [50, 75],
      [100, 0],
    ]);
    const [left, right] = contour!.segments as CubicSegment[];
    expect(left!.y2).toBe(75);
    expect(right!.y1).toBe(75);
  });

  it("turns a handle onto the axis instead of adding a point when the extremum is next to the end", () => {
    // x peaks at t ≈ 0.994, a hundredth of a unit past the end: a point there would make a curve of no length.
    const outline: Outline = [
      { start: { x: 101, y: 118 }, segments: [curve(86, 151, 172, 370, 171, 414), { type: "L", x: 101, y: 118 }] },
    ];
    const [contour] = withExtrema(outline);
    const arcs = curves(contour!);
    // The early x minimum (t ≈ 0.08, 5 units past the start) gets a point; the one by the end does not.
    expect(arcs.length).toBe(2);
    expect(arcs[1]!.c.x2).toBe(171);
    expect(arcs.flatMap((arc) => extremaPastEnds(arc, 0))).toEqual([]);
    expect(farthest(outline, [contour!])).toBeLessThan(1);
  });

  it("levels both handles where two curves meet at a shallow extremum", () => {
    // The second curve leaves (227, 251) straight up; the first arrives a unit off vertical.
    const outline: Outline = [
      {
        start: { x: 101, y: 21 },
        segments: [
          curve(114, 46, 226, 245, 227, 251),
          curve(227, 255, 199, 315, 195, 325),
          { type: "L", x: 101, y: 21 },
        ],
      },
    ];
    const [contour] = withExtrema(outline);
    const [first, second] = contour!.segments as CubicSegment[];
    expect([first!.x2, second!.x1]).toEqual([227, 227]);
  });

  it("leaves a corner at an extremum alone when a handle is far off the axis", () => {
    const outline: Outline = [
      {
        start: { x: 0, y: 0 },
        segments: [curve(40, 20, 80, 60, 100, 100), curve(100, 60, 160, 20, 200, 0), { type: "L", x: 0, y: 0 }],
      },
    ];
    const [contour] = withExtrema(outline);
    expect(contour!.segments).toEqual(outline[0]!.segments);
  });

  it("adds a point to the long curve of a sharp joint whose handles differ more than the ratio", () => {
    // A pen stroke's tip: a 14-unit curve with a 7-unit handle turns back into a 500-unit curve with a 166-unit one.
    const outline: Outline = [
      {
        start: { x: 59, y: 594 },
        segments: [curve(112, 436, 165, 279, 218, 121), { type: "L", x: 73, y: 580 }, curve(68, 583, 64, 589, 59, 594)],
      },
    ];
    const [contour] = withExtrema(outline);
    const first = contour!.segments[0] as CubicSegment;
    const handle = Math.hypot(first.x1 - 59, first.y1 - 594);
    expect(handle).toBeLessThanOrEqual(SHARP_JOINT_RATIO * Math.hypot(5, 5));
    expect(contour!.segments.length).toBe(4);
    expect(farthest(outline, [contour!])).toBeLessThan(1);
  });

  it("keeps curves within a few rounding steps of the input, on integers, none turning back inside (300 random curves)", () => {
    const random = createRandom(3);
    const worst: number[] = [];
    const turning: number[] = [];
    for (let k = 0; k < 150; k++) {
      const p = () => Math.round(random.range(0, 600));
      const outline: Outline = [
        {
          start: { x: p(), y: p() },
          segments: [curve(p(), p(), p(), p(), p(), p()), curve(p(), p(), p(), p(), p(), p())],
        },
      ];
      outline[0]!.segments.push({ type: "L", x: outline[0]!.start.x, y: outline[0]!.start.y });
      const result = withExtrema(outline);
      worst.push(Math.max(farthest(outline, result), farthest(result, outline)));
      for (const contour of result) {
        for (const s of contour.segments) {
          for (const v of Object.values(s)) if (typeof v === "number") expect(Number.isInteger(v)).toBe(true);
        }
        // Rounding the new points may leave a curve overshooting its end by a fraction of a unit, never more.
        for (const arc of curves(contour)) if (extremaPastEnds(arc, 1).length > 0) turning.push(k);
      }
    }
    expect(turning).toEqual([]);
    // A new point rounds by up to √2/2 units, a handle turned onto the axis moves the curve by at most 4/9 of its 2
    // units, and the rounded handles of short new curves bend them a little more: a few rounding steps in all.
    expect(Math.max(...worst)).toBeLessThan(2.5);
    worst.sort((a, b) => a - b);
    expect(worst[worst.length >> 1]).toBeLessThan(0.75);
  });
});
