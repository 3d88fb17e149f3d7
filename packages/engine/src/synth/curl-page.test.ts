import { describe, expect, it } from "vitest";
import { MARKER_INSET_MM } from "../template/page-geometry.ts";
import { curlPage } from "./curl-page.ts";

// A4 at 1 px/mm is enough to check the geometry; pixels are not looked at.
const a4 = { widthMm: 210, heightMm: 297 };
const blank = { width: 210, height: 297, data: new Uint8ClampedArray(210 * 297 * 4).fill(250) };

describe("curlPage", () => {
  it("moves the box area by the chosen misplacement while the corner markers stay where they were printed", () => {
    for (const shape of ["curl", "lift", "fold"] as const) {
      const curled = curlPage(blank, a4, { seed: 4, shape, displacementMm: 3 });
      expect(curled.displacementMm).toBeCloseTo(3, 2);
      const m = MARKER_INSET_MM;
      for (const [x, y] of [
        [m, m],
        [210 - m, m],
        [210 - m, 297 - m],
        [m, 297 - m],
      ] as const) {
        const [sx, sy] = curled.shownAt(x, y);
        expect(Math.hypot(sx - x, sy - y)).toBeLessThan(1e-6);
      }
    }
  });

  it("picks a misplacement of 2–4 mm when none is asked for, the same for the same seed", () => {
    const first = curlPage(blank, a4, { seed: 9 });
    expect(first.displacementMm).toBeGreaterThanOrEqual(2);
    expect(first.displacementMm).toBeLessThanOrEqual(4);
    expect(curlPage(blank, a4, { seed: 9 }).data).toEqual(first.data);
  });

  it("shows a fold's crease as a thin line darker than the paper a millimetre either side of it", () => {
    // 5 px/mm: the line (0.1–0.2 mm of spread) is sampled, the paper beside it is not on it.
    const k = 5;
    const paper = { width: 210 * k, height: 297 * k, data: new Uint8ClampedArray(210 * k * 297 * k * 4).fill(240) };
    for (const seed of [1, 2, 3, 4]) {
      const folded = curlPage(paper, a4, { seed, shape: "fold", displacementMm: 0.3 });
      const { point, normal } = folded.crease!;
      const level = (x: number, y: number) => {
        const [sx, sy] = folded.shownAt(x, y);
        return folded.data[(Math.round(sy * k - 0.5) * paper.width + Math.round(sx * k - 0.5)) * 4]!;
      };
      const along: [number, number] = [-normal[1], normal[0]];
      const ratios: number[] = [];
      for (let s = -80; s <= 80; s += 10) {
        const [x, y] = [point[0] + along[0] * s, point[1] + along[1] * s];
        const beside = (level(x - normal[0], y - normal[1]) + level(x + normal[0], y + normal[1])) / 2;
        ratios.push(level(x, y) / beside);
      }
      // 10–22 % deep at its middle, a third less where its depth varies along it.
      expect(Math.max(...ratios)).toBeLessThan(0.97);
      expect(Math.min(...ratios)).toBeGreaterThan(0.7);
    }
    expect(curlPage(paper, a4, { seed: 1, shape: "curl" }).crease).toBeUndefined();
  });
});
