import { describe, expect, it } from "vitest";
import { caveatProject } from "../test-support/caveat.ts";
import { SPACING_WORDS, wordWidthDeviations } from "../test-support/word-widths.ts";
import { buildPlan } from "./build-plan.ts";

describe("automatic spacing", () => {
  it("sets words within 8% of the source handwriting's width, wherever the ink was drawn", () => {
    for (const seed of [1, 2]) {
      const deviations = wordWidthDeviations(caveatProject({ seed }), SPACING_WORDS);
      for (const { word, deviation } of deviations) expect(Math.abs(deviation), word).toBeLessThan(0.08);
    }
  });

  it("does not depend on where the ink was drawn", () => {
    const advances = (seed: number) =>
      buildPlan(caveatProject({ seed }), { timestamp: 0 }).plan.glyphs.map((g) => g.advance);
    const [a, b] = [advances(3), advances(4)];
    // Only rounding differs: outlines are snapped to whole units wherever they were drawn.
    expect(Math.max(...a.map((advance, index) => Math.abs(advance - b[index]!)))).toBeLessThanOrEqual(2);
  });

  it("is adjustable per font (letter spacing) and per glyph (bearings, advance)", () => {
    const base = caveatProject({ chars: [..."nox"] });
    const advance = (project: typeof base, name: string) =>
      buildPlan(project, { timestamp: 0 }).plan.glyphs.find((g) => g.name === name)!.advance;
    const loose = structuredClone(base);
    loose.settings.letterSpacing = 20;
    expect(advance(loose, "n")).toBe(advance(base, "n") + 40);
    const custom = structuredClone(base);
    custom.glyphs = custom.glyphs.map((g) => (g.chars === "o" ? { ...g, leftSideBearing: 0, rightSideBearing: 0 } : g));
    custom.glyphs = custom.glyphs.map((g) => (g.chars === "x" ? { ...g, advance: 777 } : g));
    const plan = buildPlan(custom, { timestamp: 0 }).plan;
    const o = plan.glyphs.find((g) => g.name === "o")!;
    expect(o.bbox!.xMin).toBe(0);
    expect(o.advance).toBe(o.bbox!.xMax);
    expect(plan.glyphs.find((g) => g.name === "x")!.advance).toBe(777);
  });

  it("gives round sides less room than straight ones", () => {
    const plan = buildPlan(caveatProject({ chars: [..."ol"] }), { timestamp: 0 }).plan;
    const o = plan.glyphs.find((g) => g.name === "o")!;
    const l = plan.glyphs.find((g) => g.name === "l")!;
    expect(o.bbox!.xMin).toBeLessThan(l.bbox!.xMin + 15);
  });
});
