import { describe, expect, it } from "vitest";
import { caveatPath, caveatProject } from "../test-support/caveat.ts";
import { compileFontSync } from "./compile.ts";
import { GlyphCache } from "./prepare.ts";

describe("live preview with a GlyphCache", () => {
  it("gives the same bytes as a fresh compile after each edit", () => {
    const project = caveatProject({ chars: [..."ToAVnoera.,"], variants: 2, ligatures: ["oo"] });
    const cache = new GlyphCache();
    compileFontSync(project, ["otf"], { cache, timestamp: 0 });
    for (const [char, dx, variant] of [
      ["T", 40, 1],
      ["o", -200, 2],
      ["T", 0, 0],
    ] as const) {
      const index = project.glyphs.findIndex((glyph) => glyph.chars === char);
      project.glyphs[index] = { ...project.glyphs[index]!, path: caveatPath(char, dx, variant) };
      const cached = compileFontSync(project, ["otf"], { cache, timestamp: 0 }).fonts.otf!;
      const fresh = compileFontSync(structuredClone(project), ["otf"], { timestamp: 0 }).fonts.otf!;
      expect(cached).toEqual(fresh);
    }
  });
});
