import { describe, expect, it } from "vitest";
import { caveatPath, caveatProject } from "../test-support/caveat.ts";
import { buildPlan } from "./build-plan.ts";
import { compileFontSync } from "./compile.ts";

describe("diagnostics", () => {
  it("reports common characters that are missing", () => {
    const { diagnostics } = buildPlan(caveatProject({ chars: [..."abc"] }), { timestamp: 0 });
    const missing = diagnostics.find((d) => d.code === "FONT_MISSING_COMMON_CHARACTERS")!;
    expect(missing.severity).toBe("warning");
    expect(missing.chars).toContain("d");
    expect(missing.chars).not.toContain("a");
    expect(missing.chars).not.toContain("ж");
  });

  it("reports the Russian letters once some Cyrillic is drawn", () => {
    const { diagnostics } = buildPlan(caveatProject({ chars: [..."абв"] }), { timestamp: 0 });
    expect(diagnostics.find((d) => d.code === "FONT_MISSING_COMMON_CHARACTERS")!.chars).toContain("ж");
  });

  it("reports glyphs far larger or smaller than their neighbours", () => {
    const project = caveatProject({ chars: [..."acemorsuvwxz"] });
    // An "n" written about twice as tall as the other x-height letters, and a tiny "w" variant (not the default form).
    project.glyphs.push({ chars: "n", variant: 1, path: "M0 0L400 0L400 900L0 900Z" });
    project.glyphs.push({ chars: "w", variant: 9, path: "M0 0L10 0L10 10L0 10Z" });
    const { diagnostics } = buildPlan(project, { timestamp: 0 });
    const outliers = diagnostics.filter((d) => d.code === "FONT_GLYPH_SIZE_OUTLIER");
    expect(outliers.map((d) => d.chars[0])).toEqual(["n"]);
    expect(outliers[0]!.ratio).toBeGreaterThan(1.6);
  });

  it("takes a cursive в, its loop as tall as an ascender, and з, its tail below the baseline, for no outliers", () => {
    // Caveat writes both so, as Russian cursive does: 1.8–1.9 times its other x-height letters' height.
    const { diagnostics } = buildPlan(caveatProject({ chars: [..."авгежзиклмнопстхчшьыъэюя"] }), { timestamp: 0 });
    expect(diagnostics.filter((d) => d.code === "FONT_GLYPH_SIZE_OUTLIER")).toEqual([]);
  });

  it("reports empty outlines and leaves them out of the font", () => {
    const project = caveatProject({ chars: [..."ab"] });
    project.glyphs.push({ chars: "c", variant: 1, path: "" }, { chars: "c", variant: 2, path: "M0 0Z" });
    const { fonts, diagnostics } = compileFontSync(project, ["otf"], { timestamp: 0 });
    const empty = diagnostics.filter((d) => d.code === "FONT_GLYPH_EMPTY");
    expect(empty.map((d) => d.variant)).toEqual([1, 2]);
    expect(fonts.otf!.length).toBeGreaterThan(0);
  });

  it("reports ligatures whose letters are not drawn, and manual pairs naming unknown characters", () => {
    const project = caveatProject({ chars: [..."fi"], ligatures: ["fi"] });
    project.glyphs.push({ chars: "xy", variant: 1, path: caveatPath("x", 0) });
    project.settings.kerningPairs = [{ left: "f", right: "q", value: -40 }];
    const { diagnostics } = buildPlan(project, { timestamp: 0 });
    expect(diagnostics.find((d) => d.code === "FONT_LIGATURE_UNREACHABLE")?.chars).toEqual(["xy"]);
    expect(diagnostics.find((d) => d.code === "FONT_KERNING_PAIR_UNKNOWN")?.chars).toEqual(["q"]);
  });

  it("throws FONT_NO_GLYPHS for a project without ink", () => {
    const project = caveatProject({ chars: [] });
    project.glyphs.push({ chars: "a", variant: 1, path: "" });
    expect(() => buildPlan(project)).toThrow(expect.objectContaining({ code: "FONT_NO_GLYPHS" }));
  });
});
