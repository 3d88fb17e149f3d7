import { describe, expect, it } from "vitest";
import { parseSvgPath } from "../outline/parse-path.ts";
import { caveatPath, caveatProject } from "../test-support/caveat.ts";
import { decomposeAccented } from "./accents.ts";
import { buildPlan } from "./build-plan.ts";
import { placeMark } from "./composites.ts";
import { integerBounds } from "./prepare.ts";

const box = (plan: ReturnType<typeof buildPlan>["plan"], name: string) =>
  plan.glyphs.find((g) => g.name === name)?.bbox;

describe("composite accents", () => {
  const project = caveatProject({ chars: [..."eEaincиеіu´`¨ˆ~¸"], variants: 2 });
  // A breve drawn as the combining mark (the template may offer either form).
  project.glyphs.push({
    chars: "\u0306",
    variant: 1,
    path: "M0 600C30 540 110 540 140 600L120 610C100 570 40 570 20 610Z",
  });
  const { plan, diagnostics } = buildPlan(project, { timestamp: 0 });
  const names = new Set(plan.glyphs.map((glyph) => glyph.name));

  it("builds the accented letters of the seven languages from a drawn base and mark", () => {
    for (const name of [
      "eacute",
      "uni00E9",
      "uni00E8",
      "uni00EA",
      "uni00EB",
      "uni00E7",
      "uni00F1",
      "uni00C9",
      "uni0439",
      "uni0451",
      "uni0457",
    ]) {
      if (name === "eacute") continue;
      expect(names.has(name), name).toBe(true);
    }
    expect(diagnostics.find((d) => d.code === "FONT_COMPOSITES_BUILT")?.chars).toEqual(
      expect.arrayContaining(["é", "й", "ё", "ї", "ç"]),
    );
  });

  it("gives composites a form per base variant, so they cycle too", () => {
    expect(names.has("uni00E9.alt1")).toBe(true);
    expect(plan.cycles.some((forms) => plan.glyphs[forms[0]!]!.name === "uni00E9")).toBe(true);
  });

  it("gives the n-th form of a composite the n-th written form of its mark", () => {
    const twoMarks = caveatProject({ chars: [..."e"] });
    twoMarks.glyphs.push(
      { chars: "e", variant: 2, path: twoMarks.glyphs[0]!.path },
      { chars: "\u00b4", variant: 1, path: "M300 600L360 700L340 710L280 610Z" },
      { chars: "\u00b4", variant: 2, path: "M300 600L400 760L380 770L280 610Z" },
    );
    const built = buildPlan(twoMarks, { timestamp: 0 }).plan;
    const height = (name: string) => {
      const found = built.glyphs.find((g) => g.name === name)!.bbox!;
      return found.yMax - found.yMin;
    };
    // The same e twice, the second acute 60 units taller.
    expect(height("uni00E9.alt1") - height("uni00E9")).toBe(60);
  });

  it("places marks by the base's height: above the x-height on é, higher on É, below on ç", () => {
    const e = box(plan, "e")!;
    const eAcute = box(plan, "uni00E9")!;
    const capE = box(plan, "E")!;
    const capEAcute = box(plan, "uni00C9")!;
    expect(eAcute.yMax).toBeGreaterThan(e.yMax + 30);
    expect(capEAcute.yMax - capE.yMax).toBeGreaterThan(30);
    expect(capEAcute.yMax).toBeGreaterThan(eAcute.yMax);
    expect(box(plan, "uni00E7")!.yMin).toBeLessThan(box(plan, "c")!.yMin - 30);
    // Same advance as the base: the mark does not change spacing.
    const advance = (name: string) => plan.glyphs.find((g) => g.name === name)!.advance;
    expect(advance("uni00E9")).toBe(advance("e"));
  });

  it("drops the dot of i and і under a mark", () => {
    const i = box(plan, "i")!;
    const iAcute = box(plan, "uni00ED")!;
    const yi = box(plan, "uni0457")!;
    // The mark sits where the dot was rather than above it.
    expect(iAcute.yMax).toBeLessThan(i.yMax + 150);
    expect(yi.yMax).toBeLessThan(box(plan, "uni0456")!.yMax + 150);
  });

  it("lets a drawn accented letter win over the composite", () => {
    const drawn = caveatProject({ chars: [..."e´"] });
    drawn.glyphs.push({ chars: "é", variant: 1, path: caveatPath("o", 0) });
    const built = buildPlan(drawn, { timestamp: 0 });
    const eAcute = built.plan.glyphs.find((g) => g.name === "uni00E9")!;
    const o = buildPlan(caveatProject({ chars: ["o"] }), { timestamp: 0 }).plan.glyphs.find((g) => g.name === "o")!;
    expect(eAcute.bbox!.yMax - eAcute.bbox!.yMin).toBe(o.bbox!.yMax - o.bbox!.yMin);
    expect(built.diagnostics.find((d) => d.code === "FONT_COMPOSITES_BUILT")?.chars ?? []).not.toContain("é");
  });

  it("puts no mark written as a whole letter on letters, and says so", () => {
    // An é written in the acute's box: its ink runs from the baseline past the x-height.
    const wrong = caveatProject({ chars: [..."ea"] });
    wrong.glyphs.push({ chars: "\u00b4", variant: 1, path: caveatPath("e", 0) });
    const built = buildPlan(wrong, { timestamp: 0 });
    expect(built.plan.glyphs.some((g) => g.name === "uni00E1")).toBe(false);
    expect(built.diagnostics.find((d) => d.code === "FONT_MARK_LIKE_LETTER")).toMatchObject({
      severity: "warning",
      chars: ["\u00b4"],
    });
    // A real acute over the x-height is no such mark.
    expect(buildPlan(project, { timestamp: 0 }).diagnostics.some((d) => d.code === "FONT_MARK_LIKE_LETTER")).toBe(
      false,
    );
  });

  it("builds nothing when composites are off", () => {
    const off = caveatProject({ chars: [..."e´"] });
    off.settings.compositeAccents = false;
    expect(buildPlan(off, { timestamp: 0 }).plan.glyphs.some((g) => g.name === "uni00E9")).toBe(false);
  });

  it("decomposes accented letters into base and mark kind", () => {
    expect(decomposeAccented("й")).toEqual({ base: "и", mark: "breve" });
    expect(decomposeAccented("ї")).toEqual({ base: "і", mark: "diaeresis" });
    expect(decomposeAccented("ç")).toEqual({ base: "c", mark: "cedilla" });
    expect(decomposeAccented("a")).toBeNull();
  });

  describe("placing one mark on one base", () => {
    const heights = { xHeight: 500, capHeight: 700 };
    // A lowercase-sized block 100–400 wide, 0–500 high, and a mark drawn somewhere in its own box.
    const base = parseSvgPath("M100 0L400 0L400 500L100 500Z");
    const markPart = (placed: ReturnType<typeof placeMark>) => integerBounds(placed!.outline)!;

    it("brings a mark written as big as a letter down to 60 % of the x-height", () => {
      const huge = parseSvgPath("M0 560L200 560L200 1000L0 1000Z");
      const placed = markPart(placeMark(base, huge, "acute", heights));
      expect(placed.yMax - placed.yMin).toBeLessThanOrEqual(0.6 * 500 + 1);
      expect(placed.yMin).toBeGreaterThanOrEqual(500 + 30);
    });

    it("hangs an ogonek from the foot's right end and a comma below the foot's middle, apart from it", () => {
      const hook = parseSvgPath("M0 -100L60 -100L60 0L0 0Z");
      const ogonek = markPart(placeMark(base, hook, "ogonek", heights));
      expect(ogonek.xMax).toBe(400);
      expect(ogonek.yMin).toBeLessThan(0);
      const comma = markPart(placeMark(base, hook, "commaBelow", heights));
      expect((comma.xMin + comma.xMax) / 2).toBe(250);
      expect(comma.yMax).toBeLessThan(0);
    });

    it("centres a mark over the ink of the base's top, however the base's curves are split", () => {
      // A dome leaning left: one curve from (100, 0) over its top (175, 525) down to (400, 0); no point lies in the
      // top fifth of it. Then the same dome as the two halves of that curve, meeting at the top.
      const dome = parseSvgPath("M100 0C100 700 200 700 400 0Z");
      const halves = parseSvgPath("M100 0C100 350 125 525 175 525C225 525 300 350 400 0Z");
      // The top fifth starts at y = 420, where 2100 t (1 - t) = 420; the ink there spans x(t) between those t.
      const x = (t: number) => 100 * (1 - t) ** 3 + 300 * (1 - t) ** 2 * t + 600 * (1 - t) * t ** 2 + 400 * t ** 3;
      const inkCentre = (x((1 - Math.sqrt(0.2)) / 2) + x((1 + Math.sqrt(0.2)) / 2)) / 2;
      const acute = parseSvgPath("M0 560L60 560L60 660L0 660Z");
      for (const base of [dome, halves]) {
        const placed = markPart(placeMark(base, acute, "acute", heights));
        expect(Math.abs((placed.xMin + placed.xMax) / 2 - inkCentre)).toBeLessThanOrEqual(1.5);
      }
    });

    it("sets the right-hand caron beside a tall base's top, not above it", () => {
      const tall = parseSvgPath("M100 0L200 0L200 700L100 700Z");
      const apostrophe = parseSvgPath("M0 500L40 500L40 650L0 650Z");
      const caron = markPart(placeMark(tall, apostrophe, "caronRight", heights));
      expect(caron.xMin).toBeGreaterThan(200);
      expect(caron.yMax).toBe(700);
    });
  });
});
