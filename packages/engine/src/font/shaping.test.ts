import { describe, expect, it } from "vitest";
import { caveatProject } from "../test-support/caveat.ts";
import { featureTags, shapeText } from "../test-support/shaping.ts";
import { compileFontSync } from "./compile.ts";

const names = (font: Uint8Array, text: string, features: string[] = []) =>
  shapeText(font, text, features).map((glyph) => glyph.name);

describe("shaping with HarfBuzz", () => {
  const project = caveatProject({ chars: [..."abnoficeTVAHLr.y "], variants: 3, ligatures: ["ff", "fi"] });
  // 'b' gets only two forms and 'n' only one, to check that each letter cycles by its own count.
  project.glyphs = project.glyphs.filter(
    (glyph) => !(glyph.chars === "b" && glyph.variant === 3) && !(glyph.chars === "n" && glyph.variant > 1),
  );
  const font = compileFontSync(project, ["otf"], { timestamp: 0 }).fonts.otf!;
  const five = caveatProject({ chars: ["a"], variants: 5 });
  const fiveFont = compileFontSync(five, ["otf"], { timestamp: 0 }).fonts.otf!;

  it("replaces a sequence by its ligature in ordinary text", () => {
    expect(names(font, "office")).toContain("f_f");
    expect(names(font, "fi")).toEqual(["f_i"]);
    expect(names(font, "office", ["-liga"])).not.toContain("f_f");
  });

  it("shows min(n, 4) different forms for four repeated letters", () => {
    expect(names(font, "aaaa")).toEqual(["a", "a.alt1", "a.alt2", "a"]);
    expect(new Set(names(fiveFont, "aaaa")).size).toBe(4);
  });

  it("alternates the a's of banana although other letters stand between them", () => {
    const as = names(font, "banana").filter((name) => name.startsWith("a"));
    expect(as).toEqual(["a", "a.alt1", "a.alt2"]);
  });

  it("keeps cycling across word boundaries", () => {
    expect(names(font, "a a a")).toEqual(["a", "space", "a.alt1", "space", "a.alt2"]);
  });

  it("cycles a letter with fewer variants by its own count", () => {
    expect(names(font, "bbbb")).toEqual(["b", "b.alt1", "b", "b.alt1"]);
    expect(names(font, "nnn")).toEqual(["n", "n", "n"]);
  });

  it("is deterministic and ships calt without rand", () => {
    expect(names(font, "aaaa abba")).toEqual(names(font, "aaaa abba"));
    expect(featureTags(font, "GSUB")).toEqual(expect.arrayContaining(["calt", "liga"]));
    expect(featureTags(font, "GSUB")).not.toContain("rand");
    expect(names(font, "aaaa", ["-calt"])).toEqual(["a", "a", "a", "a"]);
  });

  it("kerns pairs like To and r. with GPOS, and leaves straight pairs alone", () => {
    const advance = (text: string, features: string[] = []) => shapeText(font, text, features)[0]!.xAdvance;
    expect(featureTags(font, "GPOS")).toEqual(["kern"]);
    expect(advance("To")).toBeLessThan(advance("To", ["-kern"]) - 50);
    expect(advance("r.")).toBeLessThan(advance("r.", ["-kern"]) - 30);
    expect(advance("nn")).toBe(advance("nn", ["-kern"]));
  });
});
