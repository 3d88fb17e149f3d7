/// <reference path="../types/opentype-js.d.ts" />
import opentype, { type Glyph } from "opentype.js";
import { describe, expect, it } from "vitest";
import { writeGlyph } from "../synth/handwriting.ts";
import { loadHandwritingFont } from "../synth/node/load-handwriting-fonts.ts";
import { characterSet } from "../template/character-sets.ts";
import { TEMPLATE_MARKS } from "../template/marks.ts";
import { hasFontForge, hasOts, sanitize, validateWithFontForge, writeTemp } from "../test-support/font-tools.ts";
import { shapeText } from "../test-support/shaping.ts";
import { composableLetters } from "./accents.ts";
import { compileFontSync } from "./compile.ts";
import { DEFAULT_FONT_SETTINGS, type FontGlyph, type FontProject } from "./project.ts";
import { readSfntTables } from "./sfnt/sfnt.ts";

// A writer's letters and marks, written by a handwriting font into template boxes (cap height on the guide, marks
// where the font puts its spacing accents), as the scan reader would hand them over: y up from the baseline.
const hand = loadHandwritingFont("caveat");
const polygonsToPath = (contours: number[][]) =>
  contours
    .map((contour) => {
      let d = "";
      for (let i = 0; i < contour.length; i += 2)
        d += `${i === 0 ? "M" : "L"}${contour[i]!.toFixed(1)} ${contour[i + 1]!.toFixed(1)}`;
      return `${d}Z`;
    })
    .join("");
const written = (chars: string, by = hand): FontGlyph => {
  const glyph = writeGlyph(by, chars);
  if (!glyph) throw new Error(`the handwriting font does not write ${chars}`);
  return { chars, variant: 1, path: polygonsToPath(glyph.contours) };
};
// Caveat has no breve, ogonek, dot above or Cyrillic breve: these are drawn here as a hand would, over (or under)
// an x-height of about 350 units.
const drawn: Record<string, string> = {
  "\u02d8": "M300 470C320 400 420 400 440 470L422 476C405 428 335 428 318 476Z",
  "\u0306": "M290 500C300 380 440 380 450 500L430 503C420 410 320 410 310 503Z",
  "\u02db": "M300 30C230 -30 230 -150 330 -170L338 -150C265 -130 265 -50 320 15Z",
  "\u02d9": "M340 450C340 420 380 420 380 450C380 480 340 480 340 450Z",
};

const letters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZиуИУ',"];
const markChars = TEMPLATE_MARKS.map((mark) => mark.char);
const glyphs: FontGlyph[] = [
  ...letters.map((chars) => written(chars)),
  ...markChars.map((chars) => (drawn[chars] ? { chars, variant: 1, path: drawn[chars]! } : written(chars))),
];
const project = (extra: FontGlyph[] = []): FontProject => ({
  schemaVersion: 1,
  family: "Marks Test",
  style: "Regular",
  designer: "Handfont tests",
  version: "1.000",
  licence: { kind: "OFL-1.1" },
  weight: 400,
  glyphs: [...glyphs, ...extra],
  settings: { ...DEFAULT_FONT_SETTINGS, randomize: false },
});
const otf = compileFontSync(project(), ["otf"], { timestamp: 0 }).fonts.otf!;
const font = opentype.parse(otf.slice().buffer as ArrayBuffer);

type Box = { xMin: number; yMin: number; xMax: number; yMax: number };
/** The boxes of a glyph's contours (control points included: a little generous, never too small). */
function contourBoxes(glyph: Glyph): Box[] {
  const boxes: Box[] = [];
  let box: Box | null = null;
  for (const command of glyph.path.commands) {
    if (command.type === "M") {
      box = { xMin: Infinity, yMin: Infinity, xMax: -Infinity, yMax: -Infinity };
      boxes.push(box);
    }
    if (!box || command.type === "Z") continue;
    const points = [
      [command.x, command.y],
      [command.x1, command.y1],
      [command.x2, command.y2],
    ].filter((point): point is [number, number] => point[0] !== undefined && point[1] !== undefined);
    for (const [x, y] of points) {
      box.xMin = Math.min(box.xMin, x);
      box.xMax = Math.max(box.xMax, x);
      box.yMin = Math.min(box.yMin, y);
      box.yMax = Math.max(box.yMax, y);
    }
  }
  return boxes;
}
const union = (boxes: Box[]): Box => ({
  xMin: Math.min(...boxes.map((b) => b.xMin)),
  yMin: Math.min(...boxes.map((b) => b.yMin)),
  xMax: Math.max(...boxes.map((b) => b.xMax)),
  yMax: Math.max(...boxes.map((b) => b.yMax)),
});
const glyphOf = (char: string) => {
  const glyph = font.charToGlyph(char);
  expect(glyph.index, char).toBeGreaterThan(0);
  return glyph;
};
const boxOf = (char: string) => union(contourBoxes(glyphOf(char)));
/** A composite's mark above its base: the contours wholly above the base's top, and the rest (the base). */
function splitAbove(char: string, base: string) {
  const top = boxOf(base).yMax;
  const boxes = contourBoxes(glyphOf(char));
  const mark = boxes.filter((box) => box.yMin > top - 5);
  const rest = boxes.filter((box) => box.yMin <= top - 5);
  expect(mark.length, `${char}: a mark over ${base}`).toBeGreaterThan(0);
  return { mark: union(mark), base: union(rest) };
}
const centre = (box: Box) => (box.xMin + box.xMax) / 2;

describe("accented letters composed from written base letters and marks", () => {
  it("gives every accented letter of German, French, Spanish and Italian", () => {
    const accented = ["de", "fr", "es", "it"]
      .flatMap((id) => characterSet(id as "de").members)
      .filter((char) => char.normalize("NFD").length === 2);
    expect(accented.length).toBeGreaterThan(40);
    for (const char of accented) expect(font.charToGlyph(char).index, char).toBeGreaterThan(0);
  });

  it("gives the accented letters of Polish, Czech, Portuguese, Romanian, Turkish, Hungarian and Ukrainian too", () => {
    for (const char of [..."ąęćńóśźżĄĘŻčďěňřšťůžŘŮãõâêôçșțȘȚăâîşğİöüőűŐŰйўЙЎ"]) {
      expect(font.charToGlyph(char).index, char).toBeGreaterThan(0);
    }
  });

  it("puts an acute above a lowercase letter's top, centred on it, and keeps the letter's advance", () => {
    for (const [char, base] of [
      ["é", "e"],
      ["á", "a"],
      ["ó", "o"],
      ["ú", "u"],
      ["ñ", "n"],
      ["â", "a"],
      ["à", "a"],
      ["ü", "u"],
    ] as const) {
      const split = splitAbove(char, base);
      expect(split.mark.yMin, char).toBeGreaterThan(split.base.yMax);
      const width = split.base.xMax - split.base.xMin;
      expect(Math.abs(centre(split.mark) - centre(split.base)), char).toBeLessThan(0.2 * width);
    }
    expect(glyphOf("é").advanceWidth).toBe(glyphOf("e").advanceWidth);
  });

  it("puts a capital's accent above the cap height, closer and flatter than on the lowercase letter", () => {
    const small = splitAbove("é", "e");
    const capital = splitAbove("É", "E");
    expect(capital.mark.yMin).toBeGreaterThan(capital.base.yMax);
    expect(capital.mark.yMin - capital.base.yMax).toBeLessThanOrEqual(small.mark.yMin - small.base.yMax);
    expect(capital.mark.yMax - capital.mark.yMin).toBeLessThan(small.mark.yMax - small.mark.yMin);
  });

  it("hangs the cedilla and the ogonek below the baseline, the ogonek from the letter's right", () => {
    const c = boxOf("c");
    const cedilla = boxOf("ç");
    expect(cedilla.yMin).toBeLessThan(-60);
    expect(c.yMin).toBeGreaterThan(-20);
    const a = boxOf("a");
    const ogonek = boxOf("ą");
    expect(ogonek.yMin).toBeLessThan(-60);
    // The hook joins the foot's right end: it reaches no further right than the letter (a few units of slack).
    const shift = ogonek.xMin - a.xMin;
    expect(ogonek.xMax - shift).toBeLessThanOrEqual(a.xMax + 5);
  });

  it("uses the dotless i (the dot removed) under a mark above, and keeps the dot under an ogonek", () => {
    const i = boxOf("i");
    expect(contourBoxes(glyphOf("i"))).toHaveLength(2);
    // í: one stem and one acute, no dot between them.
    expect(contourBoxes(glyphOf("í"))).toHaveLength(2);
    expect(contourBoxes(glyphOf("į")).length).toBeGreaterThanOrEqual(2);
    expect(boxOf("į").yMax).toBe(i.yMax);
  });

  it("builds й and ў from и and у with the Cyrillic breve", () => {
    for (const [char, base] of [
      ["й", "и"],
      ["ў", "у"],
      ["Й", "И"],
    ] as const) {
      const split = splitAbove(char, base);
      expect(split.mark.yMin).toBeGreaterThan(split.base.yMax);
    }
    // The Cyrillic breve, a combining mark, takes no room of its own.
    expect(glyphOf("\u0306").advanceWidth).toBe(0);
  });

  it("writes the caron of ď and ť as an apostrophe beside the ascender, not above it", () => {
    for (const [char, base] of [
      ["ď", "d"],
      ["ť", "t"],
    ] as const) {
      expect(boxOf(char).yMax, char).toBeLessThanOrEqual(boxOf(base).yMax + 2);
      expect(boxOf(char).xMax - boxOf(char).xMin, char).toBeGreaterThan(boxOf(base).xMax - boxOf(base).xMin);
    }
  });

  it("lets a written é win over the composed one", () => {
    const own = written("o");
    const built = compileFontSync(project([{ ...own, chars: "é" }]), ["otf"], { timestamp: 0 });
    const withOwn = opentype.parse(built.fonts.otf!.slice().buffer as ArrayBuffer);
    const box = (f: typeof font, char: string) => union(contourBoxes(f.charToGlyph(char)));
    expect(box(withOwn, "é").yMax).toBe(box(withOwn, "o").yMax);
    expect(built.diagnostics.find((d) => d.code === "FONT_COMPOSITES_BUILT")?.chars).not.toContain("é");
  });

  it("shapes accented text with HarfBuzz without a missing glyph", () => {
    const text = "Ça déjà où naïve Łódź Żółć źdźbło Dvořák Ștefan Üç Kőrösi йй ўу";
    const missing = shapeText(otf, text).filter((glyph) => glyph.name === ".notdef");
    // Ł and ł carry a stroke, not a mark: they are the only letters left to be written.
    expect(missing).toHaveLength([...text].filter((char) => char === "Ł" || char === "ł").length);
  });

  it.skipIf(!hasOts)("passes the OpenType Sanitizer with every table kept", () => {
    const result = sanitize("marks.otf", otf, [...readSfntTables(otf).keys()]);
    expect(result.ok, result.output).toBe(true);
    expect(result.kept).toEqual(result.given);
  });

  it.skipIf(!hasFontForge)("has no wrong-direction, self-intersecting or open contour where marks meet letters", () => {
    const { wrongDirection, selfIntersecting, openContours } = validateWithFontForge(writeTemp("marks-ff.otf", otf));
    expect({ wrongDirection, selfIntersecting, openContours }).toEqual({
      wrongDirection: [],
      selfIntersecting: [],
      openContours: [],
    });
  });

  it("tells which letters will be composed from the written ones, and from what", () => {
    const composed = composableLetters(new Set([..."eEcuиi", "\u00b4", "\u00a8", "\u00b8", "\u0306"]));
    expect(composed.get("é")).toEqual({ base: "e", mark: "\u00b4" });
    expect(composed.get("ç")).toEqual({ base: "c", mark: "\u00b8" });
    expect(composed.get("й")).toEqual({ base: "и", mark: "\u0306" });
    expect(composed.get("ü")).toEqual({ base: "u", mark: "\u00a8" });
    expect(composed.has("è")).toBe(false);
    expect(composableLetters(new Set([..."eé\u00b4"])).has("é")).toBe(false);
  });
});

describe.each(["bad-script", "marck-script"] as const)("accents composed for another hand (%s)", (name) => {
  const other = loadHandwritingFont(name);
  const own = (chars: string) =>
    writeGlyph(other, chars)
      ? [written(chars, other)]
      : drawn[chars]
        ? [{ chars, variant: 1, path: drawn[chars]! }]
        : [];
  const otherFont = opentype.parse(
    compileFontSync({ ...project(), glyphs: [..."ceunaoECUNAO", ...markChars].flatMap(own) }, ["otf"], {
      timestamp: 0,
    }).fonts.otf!.slice().buffer as ArrayBuffer,
  );
  const boxIn = (char: string) => union(contourBoxes(otherFont.charToGlyph(char)));
  const markOver = (char: string, base: string) => {
    const top = boxIn(base).yMax;
    const boxes = contourBoxes(otherFont.charToGlyph(char));
    return { mark: union(boxes.filter((b) => b.yMin > top - 5)), base: union(boxes.filter((b) => b.yMin <= top - 5)) };
  };

  it("sets each mark above its letter, centred on it, and the cedilla below the baseline", () => {
    for (const [char, base] of [
      ["é", "e"],
      ["ü", "u"],
      ["ñ", "n"],
      ["â", "a"],
      ["Ó", "O"],
      ["Ú", "U"],
    ] as const) {
      const split = markOver(char, base);
      expect(split.mark.yMin, char).toBeGreaterThan(split.base.yMax);
      expect(Math.abs(centre(split.mark) - centre(split.base)), char).toBeLessThan(
        0.25 * (split.base.xMax - split.base.xMin),
      );
    }
    expect(boxIn("ç").yMin).toBeLessThan(boxIn("c").yMin - 60);
  });
});
