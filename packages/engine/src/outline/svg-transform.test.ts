import { describe, expect, it } from "vitest";
import { type Affine, parseSvgTransform } from "./svg-transform.ts";

const apply = ([a, b, c, d, e, f]: Affine, x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];

describe("SVG transform attributes", () => {
  it("reads each kind of transform", () => {
    expect(apply(parseSvgTransform("translate(10, -5)"), 1, 1)).toEqual([11, -4]);
    expect(apply(parseSvgTransform("scale(2 3)"), 1, 1)).toEqual([2, 3]);
    expect(apply(parseSvgTransform("scale(2)"), 1, 1)).toEqual([2, 2]);
    expect(apply(parseSvgTransform("matrix(1 0 0 -1 0 800)"), 10, 100)).toEqual([10, 700]);
    const [x, y] = apply(parseSvgTransform("rotate(90)"), 1, 0);
    expect(x).toBeCloseTo(0, 12);
    expect(y).toBeCloseTo(1, 12);
    const [rx, ry] = apply(parseSvgTransform("rotate(180 5 5)"), 0, 0);
    expect(rx).toBeCloseTo(10, 9);
    expect(ry).toBeCloseTo(10, 9);
    const [sx] = apply(parseSvgTransform("skewX(45)"), 0, 10);
    expect(sx).toBeCloseTo(10, 12);
  });

  it("applies a list from right to left, as SVG does", () => {
    // translate(100) scale(2): the point is scaled first, then moved.
    expect(apply(parseSvgTransform("translate(100 0) scale(2)"), 1, 1)).toEqual([102, 2]);
    expect(apply(parseSvgTransform("scale(2), translate(100 0)"), 1, 1)).toEqual([202, 2]);
  });

  it("refuses what is not a transform list", () => {
    for (const text of ["translate(1 2 3)", "spin(4)", "scale(NaN)", "url(#x)"]) {
      expect(() => parseSvgTransform(text)).toThrow();
    }
  });
});
