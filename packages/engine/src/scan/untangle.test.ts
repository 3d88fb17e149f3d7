import { describe, expect, it } from "vitest";
import { flattenOutline, windingNumber } from "../outline/flatten.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import { pathToContours, signedArea } from "../synth/contours.ts";
import { countCrossings } from "../synth/self-overlap.ts";
import type { PlacedOutline } from "./place-in-em.ts";
import { untangle } from "./untangle.ts";

/** A placed path of straight lines, its box that of its points. */
function placed(path: string): PlacedOutline {
  const outline = parseSvgPath(path);
  const points = outline.flatMap((c) => [c.start, ...c.segments]);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const bbox = { xMin: Math.min(...xs), yMin: Math.min(...ys), xMax: Math.max(...xs), yMax: Math.max(...ys) };
  return { path, bbox, outline };
}

/** A square 100 units wide (counter-clockwise, y up) whose hole (clockwise) strays 10 units out of its right side. */
const strayingHole = () => [placed("M0 0L100 0L100 100L0 100ZM20 20L20 80L110 80L110 20Z")];

describe("untangle", () => {
  it("leaves paths that cross nothing as they are, without tracing polygons", async () => {
    const parts = [placed("M0 0L100 0L100 100L0 100ZM20 20L20 80L80 80L80 20Z"), placed("M200 0L300 0L300 100Z")];
    const joined = parts.map((p) => p.path).join("");
    let traced = false;
    const untangled = await untangle(parts, async () => {
      traced = true;
      return parts;
    });
    expect(untangled.path).toBe(joined);
    expect(untangled.bbox).toEqual({ xMin: 0, yMin: 0, xMax: 300, yMax: 100 });
    expect(traced).toBe(false);
  });

  it("cuts a hole that strays out of its contour, even as a polygon, back to the contour: paper there, not ink", async () => {
    const untangled = await untangle(strayingHole(), async () => strayingHole());
    expect(countCrossings(pathToContours(untangled.path))).toBe(0);
    // The square less the hole's part inside it.
    const area = pathToContours(untangled.path).reduce((sum, c) => sum + signedArea(c), 0);
    expect(area).toBe(100 * 100 - 80 * 60);
    const polygons = flattenOutline(parseSvgPath(untangled.path));
    const winding = (x: number, y: number) => polygons.reduce((n, p) => n + windingNumber(p, { x, y }), 0);
    expect(winding(10, 50)).not.toBe(0);
    expect(winding(50, 50)).toBe(0);
    expect(winding(105, 50)).toBe(0);
    expect(untangled.bbox).toEqual({ xMin: 0, yMin: 0, xMax: 100, yMax: 100 });
  });

  it("takes the polygon of a path that crosses, and keeps the paths that do not", async () => {
    const clean = placed("M200 0L300 0L300 100Z");
    const polygon = placed("M0 0L100 0L100 100L0 100ZM20 20L20 80L90 80L90 20Z");
    const untangled = await untangle([...strayingHole(), clean], async () => [
      polygon,
      placed("M200 0L300 100L200 100Z"),
    ]);
    expect(untangled.path).toBe(`${polygon.path}${clean.path}`);
    expect(untangled.bbox).toEqual({ xMin: 0, yMin: 0, xMax: 300, yMax: 100 });
  });
});
