import { describe, expect, it } from "vitest";
import { cellLabel, markPlaceholder, TEMPLATE_MARKS, templateMark } from "./marks.ts";
import { GUIDE_X_HEIGHT } from "./page-geometry.ts";

describe("template marks", () => {
  it("stands a dotted circle for the letter between the baseline and the x-height, clear of both guides", () => {
    const { dots, dotRadius } = markPlaceholder();
    expect(dots.length).toBeGreaterThanOrEqual(12);
    for (const dot of dots) {
      expect(dot.y - dotRadius).toBeGreaterThan(0.05 * GUIDE_X_HEIGHT);
      expect(dot.y + dotRadius).toBeLessThan(0.95 * GUIDE_X_HEIGHT);
    }
    // Centred on the box.
    expect(Math.min(...dots.map((dot) => dot.x))).toBe(-Math.max(...dots.map((dot) => dot.x)));
  });

  it("labels a mark's box with the mark and a letter that carries it, and other boxes with their characters", () => {
    expect(cellLabel("\u00b8")).toBe("\u00b8 ç");
    expect(cellLabel("\u02db")).toBe("\u02db ą");
    expect(cellLabel("a")).toBe("a");
    expect(templateMark("\u0306")?.kind).toBe("cyrillicBreve");
    expect(templateMark("a")).toBeUndefined();
  });

  it("writes the cedilla and the ogonek below the letter and every other mark above it", () => {
    const below = TEMPLATE_MARKS.filter((mark) => mark.below).map((mark) => mark.kind);
    expect(below.sort()).toEqual(["cedilla", "ogonek"]);
  });
});
