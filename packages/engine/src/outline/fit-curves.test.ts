import { describe, expect, it } from "vitest";
import { fitClosedPolygon, polygonCorners, simplifyPolygon } from "./fit-curves.ts";
import { flattenOutline } from "./flatten.ts";

const circle = (r: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    x: r * Math.cos((2 * Math.PI * i) / n),
    y: r * Math.sin((2 * Math.PI * i) / n),
  }));

/** Largest distance from any of `points` to the closed polyline `ring` (edges, not just vertices). */
function deviation(points: { x: number; y: number }[], ring: { x: number; y: number }[]) {
  const toEdge = (p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
  };
  return Math.max(...points.map((p) => Math.min(...ring.map((a, i) => toEdge(p, a, ring[(i + 1) % ring.length]!)))));
}

describe("simplifying and fitting closed polygons", () => {
  it("drops points of straight edges and keeps the corners of a square", () => {
    const square = [0, 25, 50, 75]
      .flatMap((t) => [{ x: t, y: 0 }])
      .concat([
        { x: 100, y: 0 },
        { x: 100, y: 50 },
        { x: 100, y: 100 },
        { x: 50, y: 100 },
        { x: 0, y: 100 },
        { x: 0, y: 50 },
      ]);
    expect(simplifyPolygon(square, 0.5)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ]);
  });

  it("keeps a simplified circle within the tolerance", () => {
    const points = circle(200, 400);
    const simple = simplifyPolygon(points, 0.5);
    expect(simple.length).toBeLessThan(points.length / 4);
    expect(
      deviation(
        points,
        flattenOutline(
          [{ start: simple[0]!, segments: simple.slice(1).map((p) => ({ type: "L" as const, ...p })) }],
          0.05,
        )[0]!,
      ),
    ).toBeLessThan(0.6);
  });

  it("finds the four corners of a square and none on a circle", () => {
    const square = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(polygonCorners(square, 1)).toEqual([0, 1, 2, 3]);
    expect(polygonCorners(circle(200, 100), 0.5)).toEqual([]);
  });

  it("fits a circle with a few cubics that stay within the error, and a square with four lines", () => {
    const points = circle(200, 200);
    const fitted = fitClosedPolygon(points, 1);
    expect(fitted.segments.length).toBeLessThanOrEqual(8);
    expect(fitted.segments.every((s) => s.type === "C")).toBe(true);
    expect(deviation(points, flattenOutline([fitted], 0.05)[0]!)).toBeLessThan(1.5);
    const square = fitClosedPolygon(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
        { x: 0, y: 100 },
      ],
      1,
    );
    expect(square.segments.map((s) => s.type)).toEqual(["L", "L", "L", "L"]);
  });
});
