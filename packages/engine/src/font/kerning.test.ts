import { describe, expect, it } from "vitest";
import { buildPlan } from "./build-plan.ts";
import { DEFAULT_FONT_SETTINGS, type FontProject } from "./project.ts";

// Block letters drawn as polygons, so the shapes that need kerning are unmistakable.
const shapes: Record<string, string> = {
  A: "M0 0L80 0L300 620L520 0L600 0L340 700L260 700Z",
  V: "M260 0L340 0L600 700L520 700L300 80L80 700L0 700Z",
  T: "M260 0L340 0L340 620L600 620L600 700L0 700L0 620L260 620Z",
  L: "M0 0L500 0L500 80L80 80L80 700L0 700Z",
  H: "M0 0L80 0L80 310L420 310L420 0L500 0L500 700L420 700L420 390L80 390L80 700L0 700Z",
  I: "M0 0L80 0L80 700L0 700Z",
  o: "M0 250C0 100 100 0 225 0C350 0 450 100 450 250C450 400 350 500 225 500C100 500 0 400 0 250ZM80 250C80 360 140 420 225 420C310 420 370 360 370 250C370 140 310 80 225 80C140 80 80 140 80 250Z",
  e: "M0 250C0 100 100 0 225 0C330 0 420 70 445 170L365 170C345 115 290 80 225 80C140 80 80 140 80 250C80 360 140 420 225 420C290 420 340 380 360 320L440 320C415 430 330 500 225 500C100 500 0 400 0 250Z",
  n: "M0 0L80 0L80 420L320 420L320 0L400 0L400 500L0 500Z",
  i: "M0 0L80 0L80 500L0 500Z",
  l: "M0 0L80 0L80 720L0 720Z",
  r: "M0 0L80 0L80 420L300 420L300 500L0 500Z",
  y: "M0 500L200 0L120 -200L200 -200L500 500L420 500L245 90L80 500Z",
  ".": "M0 0L100 0L100 100L0 100Z",
  ",": "M0 -150L70 -150L110 100L40 100Z",
};

const project: FontProject = {
  schemaVersion: 1,
  family: "Blocks",
  style: "Regular",
  designer: "",
  version: "1.000",
  licence: { kind: "OFL-1.1" },
  weight: 400,
  // Ink placed far from the origin on purpose: spacing decides where it goes.
  glyphs: Object.entries(shapes).map(([chars, path]) => ({
    chars,
    variant: 1,
    path: `${path}`.replace(/M(\S+)/, "M$1"),
  })),
  settings: { ...DEFAULT_FONT_SETTINGS },
};

describe("automatic kerning from outlines", () => {
  const { plan } = buildPlan(project, { timestamp: 0 });
  const id = (name: string) => plan.glyphs.findIndex((glyph) => glyph.name === name);
  const kern = (left: string, right: string) => {
    const { classes } = plan.kerning;
    const l = classes.left.findIndex((glyphs) => glyphs.includes(id(left)));
    const r = classes.right.findIndex((glyphs) => glyphs.includes(id(right)));
    return l < 0 || r < 0 ? 0 : classes.values[l]![r]!;
  };

  it.each([
    ["T", "o"],
    ["T", "e"],
    ["A", "V"],
    ["V", "A"],
    ["L", "T"],
    ["r", "period"],
    ["y", "period"],
    ["T", "comma"],
  ])("tightens %s%s", (left, right) => {
    expect(kern(left, right)).toBeLessThanOrEqual(-30);
  });

  it.each([
    ["n", "n"],
    ["H", "H"],
    ["n", "o"],
    ["o", "n"],
    ["l", "l"],
  ])("leaves %s%s alone", (left, right) => {
    expect(kern(left, right)).toBe(0);
  });

  it("lets manual pairs win over automatic ones, written as glyph pairs", () => {
    const manual = structuredClone(project);
    manual.settings.kerningPairs = [{ left: "T", right: "o", value: -12 }];
    const built = buildPlan(manual, { timestamp: 0 }).plan;
    expect(built.kerning.pairs).toEqual([{ left: [id("T")], right: [id("o")], value: -12 }]);
  });

  it("kerns nothing when kerning is off, except manual pairs", () => {
    const off = structuredClone(project);
    off.settings.kerning = "off";
    const built = buildPlan(off, { timestamp: 0 }).plan;
    expect(built.kerning.classes.left).toEqual([]);
  });
});
