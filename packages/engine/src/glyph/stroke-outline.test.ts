import { describe, expect, it } from "vitest";
import { polygonArea } from "../outline/flatten.ts";
import { drawn, penStroke } from "../test-support/pen-strokes.ts";
import { DEFAULT_PEN, FONT_UNITS_PER_PEN_UNIT, type PenStroke } from "./document.ts";
import { sharpTurns, splitStrokeAtCorners, strokeOutline } from "./stroke-outline.ts";

describe("pen strokes", () => {
  it("finds no sharp turn on a straight line or a gentle arc", () => {
    expect(
      sharpTurns(
        drawn([
          [0, 0],
          [400, 0],
        ]),
        32,
      ),
    ).toEqual([]);
    const arc = Array.from({ length: 60 }, (_, i) => ({ x: 300 * Math.cos(i / 40), y: 300 * Math.sin(i / 40) }));
    expect(sharpTurns(arc, 32)).toEqual([]);
  });

  it("splits a V at its tip, both pieces sharing the tip", () => {
    const v = penStroke("v", [
      [0, 400],
      [100, 0],
      [200, 400],
    ]);
    const pieces = splitStrokeAtCorners(v);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.at(-1)).toEqual(pieces[1]![0]);
    expect(pieces[0]!.at(-1)).toMatchObject({ x: 100, y: 0 });
  });

  it("draws a stroke at constant half pressure as wide as the pen", () => {
    // perfect-freehand's radius is size · (0.5 − thinning · (0.5 − pressure)), so pressure 0.5 gives size / 2.
    const [polygon] = strokeOutline(
      penStroke("line", [
        [0, 100],
        [600, 100],
      ]),
    );
    const middle = polygon!.filter((p) => p.x > 200 && p.x < 400).map((p) => p.y);
    const width = Math.max(...middle) - Math.min(...middle);
    expect(width).toBeGreaterThan(DEFAULT_PEN.size * FONT_UNITS_PER_PEN_UNIT * 0.95);
    expect(width).toBeLessThan(DEFAULT_PEN.size * FONT_UNITS_PER_PEN_UNIT * 1.05);
    expect(Math.abs(polygonArea(polygon!))).toBeGreaterThan(0);
  });

  it("draws a single touch as a dot of the pen's size", () => {
    const dot: PenStroke = { id: "dot", pen: { ...DEFAULT_PEN }, points: [{ x: 50, y: 50, pressure: 0.5, t: 0 }] };
    const [polygon] = strokeOutline(dot);
    const xs = polygon!.map((p) => p.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(DEFAULT_PEN.size * FONT_UNITS_PER_PEN_UNIT, -1);
  });
});
