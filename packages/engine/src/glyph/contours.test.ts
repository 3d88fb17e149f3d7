import { describe, expect, it } from "vitest";
import { parseSvgPath } from "../outline/parse-path.ts";
import { outlineToSvgPath } from "../outline/serialize-path.ts";
import { contoursFromOutline, outlineFromContours } from "./contours.ts";

// A circle of radius 100 from four cubics (the usual 0.5523 handle ratio) and a square with a hole.
const circle =
  "M100 0C100 55.23 55.23 100 0 100C-55.23 100 -100 55.23 -100 0C-100 -55.23 -55.23 -100 0 -100C55.23 -100 100 -55.23 100 0Z";
const squareWithHole = "M0 0L300 0L300 300L0 300ZM100 100L100 200L200 200L200 100Z";

describe("contours and outlines", () => {
  it("keeps every point of an outline through contours and back", () => {
    for (const path of [circle, squareWithHole, "M0 0L50 0C60 0 70 10 70 20L0 20Z"]) {
      expect(outlineToSvgPath(outlineFromContours(contoursFromOutline(parseSvgPath(path))))).toBe(path);
    }
  });

  it("stores two off-curve points per cubic and one on-curve point per segment end", () => {
    const [contour] = contoursFromOutline(parseSvgPath(circle));
    expect(contour!.points.filter((p) => p.on)).toHaveLength(4);
    expect(contour!.points.filter((p) => !p.on)).toHaveLength(8);
    // The closing curve back to the start ends the list with its two handles.
    expect(contour!.points.slice(-2).every((p) => !p.on)).toBe(true);
  });

  it("types the points of a circle smooth and the points of a square corner", () => {
    const [round] = contoursFromOutline(parseSvgPath(circle));
    expect(round!.points.filter((p) => p.on).map((p) => p.on && p.type)).toEqual([
      "smooth",
      "smooth",
      "smooth",
      "smooth",
    ]);
    const [outer, hole] = contoursFromOutline(parseSvgPath(squareWithHole));
    for (const contour of [outer!, hole!]) {
      expect(contour.points.every((p) => p.on && p.type === "corner")).toBe(true);
      expect(contour.points).toHaveLength(4);
    }
  });

  it("makes a curve meeting a line tangentially smooth and one meeting it at an angle a corner", () => {
    // The curve leaves (50,0) heading along +x, as the line arrived: smooth. It arrives at (70,20) heading +y and the
    // closing line leaves towards -x: corner.
    const [contour] = contoursFromOutline(parseSvgPath("M0 0L50 0C60 0 70 10 70 20L0 20Z"));
    const on = contour!.points.filter((p) => p.on);
    expect(on.map((p) => [p.x, p.y, p.on && p.type])).toEqual([
      [0, 0, "corner"],
      [50, 0, "smooth"],
      [70, 20, "corner"],
      [0, 20, "corner"],
    ]);
  });

  it("drops contours without a segment", () => {
    expect(outlineFromContours([{ points: [{ x: 1, y: 1, on: true, type: "corner" }] }, { points: [] }])).toEqual([]);
  });
});
