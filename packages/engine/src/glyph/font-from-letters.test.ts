import { describe, expect, it } from "vitest";
import { compileFontSync } from "../font/compile.ts";
import { DEFAULT_FONT_SETTINGS } from "../font/project.ts";
import { assertFontProject } from "../font/validate.ts";
import { caveatPath } from "../test-support/caveat.ts";
import { penStroke } from "../test-support/pen-strokes.ts";
import { emptyGlyphDocument, type GlyphDocument } from "./document.ts";
import { fontProjectFromLetters, type LetterPathCache, letterPath } from "./font-from-letters.ts";
import { migrateGlyphDocument } from "./migrate-document.ts";

const scanned = (char: string): GlyphDocument =>
  migrateGlyphDocument({
    path: caveatPath(char, 0, 1),
    advance: null,
    lsb: null,
    rsb: null,
    scale: 1,
    baselineShift: 0,
    source: "scan",
    templatePage: 1,
  });

describe("a font project from letters", () => {
  it("passes the names, the settings over the defaults, and the metrics the user set", () => {
    const document = { ...scanned("a"), metrics: { advance: 540, leftSideBearing: null, rightSideBearing: 30 } };
    const project = fontProjectFromLetters(
      [{ chars: "a", variant: 2, document }],
      { letterSpacing: 20 },
      { family: "Anna", designer: "A." },
    );
    expect(assertFontProject(project)).toBe(project);
    expect(project).toMatchObject({ family: "Anna", style: "Regular", designer: "A.", weight: 400 });
    expect(project.settings).toEqual({ ...DEFAULT_FONT_SETTINGS, letterSpacing: 20 });
    expect(project.glyphs).toEqual([
      { chars: "a", variant: 2, path: letterPath(document), advance: 540, rightSideBearing: 30 },
    ]);
  });

  it("derives each document's path once per document object with a cache", () => {
    const cache: LetterPathCache = new WeakMap();
    const a = scanned("a");
    const first = fontProjectFromLetters([{ chars: "a", variant: 1, document: a }], {}, { family: "F" }, { cache });
    const again = fontProjectFromLetters([{ chars: "a", variant: 1, document: a }], {}, { family: "F" }, { cache });
    expect(again.glyphs[0]!.path).toBe(first.glyphs[0]!.path);
    const edited = { ...a, adjustments: { scale: 0.5, baselineShift: 0 } };
    const changed = fontProjectFromLetters(
      [{ chars: "a", variant: 1, document: edited }],
      {},
      { family: "F" },
      { cache },
    );
    expect(changed.glyphs[0]!.path).not.toBe(first.glyphs[0]!.path);
  });

  it("compiles scanned and drawn letters together into one font", () => {
    const drawn = {
      ...emptyGlyphDocument(),
      strokes: [
        penStroke("s", [
          [0, 0],
          [200, 480],
          [400, 0],
        ]),
      ],
    };
    const project = fontProjectFromLetters(
      [
        { chars: "a", variant: 1, document: scanned("a") },
        { chars: "v", variant: 1, document: drawn },
      ],
      {},
      { family: "Mixed" },
    );
    const { fonts, diagnostics } = compileFontSync(project, ["otf"], { timestamp: 0 });
    expect(fonts.otf!.length).toBeGreaterThan(500);
    expect(diagnostics.filter((d) => d.code === "FONT_GLYPH_EMPTY")).toEqual([]);
  });
});
