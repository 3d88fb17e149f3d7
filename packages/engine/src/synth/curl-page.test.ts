import { describe, expect, it } from "vitest";
import { MARKER_INSET_MM } from "../template/page-geometry.ts";
import { curlPage } from "./curl-page.ts";

// A4 at 1 px/mm is enough to check the geometry; pixels are not looked at.
const a4 = { widthMm: 210, heightMm: 297 };
const blank = { width: 210, height: 297, data: new Uint8ClampedArray(210 * 297 * 4).fill(250) };

describe("curlPage", () => {
  it("moves the box area by the chosen misplacement while the corner markers stay where they were printed", () => {
    for (const shape of ["curl", "lift"] as const) {
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
});
