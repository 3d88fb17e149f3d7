import { describe, expect, it } from "vitest";
import { outlineXRange } from "./outline-geometry.ts";

describe("outline geometry", () => {
  it("finds the horizontal extent of an outline from its coordinates", () => {
    expect(outlineXRange("M10 0L400 0C420 10 430 20 -5 600Z")).toEqual({ min: -5, max: 430 });
    expect(outlineXRange("")).toBeNull();
  });
});
