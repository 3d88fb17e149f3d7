import { describe, expect, it } from "vitest";
import { outlineXRange } from "./outline-geometry.ts";

describe("outline extent", () => {
  it("measures the ink of curves at their extrema, not at their control points", () => {
    // The cubic from (400,0) to (-5,600) with controls at x 420 and 430 bulges to x ≈ 413, never to 430.
    const range = outlineXRange("M10 0L400 0C420 10 430 20 -5 600Z")!;
    expect(range.min).toBe(-5);
    expect(range.max).toBeGreaterThan(400);
    expect(range.max).toBeLessThan(420);
  });

  it("has no extent for an empty or unreadable path", () => {
    expect(outlineXRange("")).toBeNull();
    expect(outlineXRange("M0 0 L")).toBeNull();
  });
});
