import { describe, expect, it } from "vitest";
import { countCrossings } from "./self-overlap.ts";

describe("countCrossings", () => {
  it("finds none in a square with a hole, one in a figure eight, and two where contours overlap", () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const hole = [3, 3, 3, 7, 7, 7, 7, 3];
    expect(countCrossings([square, hole])).toBe(0);
    expect(countCrossings([[0, 0, 10, 10, 10, 0, 0, 10]])).toBe(1);
    expect(countCrossings([square, [5, 5, 15, 5, 15, 15, 5, 15]])).toBe(2);
  });
});
