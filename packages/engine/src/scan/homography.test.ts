import { describe, expect, it } from "vitest";
import { pagePoint, scanPoint } from "../units.ts";
import { invertHomography, localScale, pageToScan, solveHomography } from "./homography.ts";

const page = [pagePoint(12, 12), pagePoint(198, 12), pagePoint(198, 285), pagePoint(12, 285)];

describe("homography", () => {
  it("maps the four page points onto their scan points, and the inverse maps them back", () => {
    const scan = [scanPoint(310.5, 220.25), scanPoint(2410, 180), scanPoint(2530, 3390), scanPoint(150, 3300)];
    const h = solveHomography(page, scan)!;
    page.forEach((p, i) => {
      const q = pageToScan(h, p);
      expect(q.x).toBeCloseTo(scan[i]!.x, 6);
      expect(q.y).toBeCloseTo(scan[i]!.y, 6);
      const back = pageToScan(invertHomography(h), q as unknown as typeof p);
      expect(back.x).toBeCloseTo(p.x, 6);
      expect(back.y).toBeCloseTo(p.y, 6);
    });
  });

  it("reports the local scale of a 300 dpi scan as 11.81 px/mm", () => {
    const k = 300 / 25.4;
    const h = solveHomography(
      page,
      page.map((p) => scanPoint(p.x * k, p.y * k)),
    )!;
    expect(localScale(h, pagePoint(105, 148))).toBeCloseTo(k, 6);
  });

  it("refuses points on one line", () => {
    const line = [pagePoint(0, 0), pagePoint(1, 1), pagePoint(2, 2), pagePoint(3, 3)];
    expect(
      solveHomography(
        line,
        line.map((p) => scanPoint(p.x, p.y)),
      ),
    ).toBeUndefined();
  });
});
