import opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { flattenOutline } from "../outline/flatten.ts";
import { contourArea, translateOutline } from "../outline/geometry.ts";
import type { Point } from "../outline/types.ts";
import { caveatProject } from "../test-support/caveat.ts";
import { buildPlan } from "./build-plan.ts";
import { compileFontSync } from "./compile.ts";
import { simpleTrueTypeContours, toTrueTypeContours } from "./sfnt/glyf.ts";

const parse = (bytes: Uint8Array) => opentype.parse(bytes.slice().buffer as ArrayBuffer);

describe("compile, parse back, compare", () => {
  const project = caveatProject({ chars: [..."aAgjoH.,ёй´˘¨"], variants: 2, ligatures: ["oo"] });
  project.family = "Мой Почерк";
  project.designer = "Анна";
  project.glyphs.push({ chars: "x", variant: 1, path: "" });
  // A character outside the BMP, which only the format 12 cmap can map.
  project.glyphs.push({ chars: "\u{1D49C}", variant: 1, path: "M0 0L300 0L150 600Z" });
  const built = buildPlan(project, { timestamp: 1_700_000_000 });
  const { fonts } = compileFontSync(project, ["otf", "ttf"], { timestamp: 1_700_000_000 });
  const otf = parse(fonts.otf!);
  const ttf = parse(fonts.ttf!);

  it("keeps glyph order, names and advances in both flavours", () => {
    for (const font of [otf, ttf]) {
      expect(font.numGlyphs).toBe(built.plan.glyphs.length);
      built.plan.glyphs.forEach((glyph, index) => {
        expect(font.glyphs.get(index).name).toBe(glyph.name);
        expect(font.glyphs.get(index).advanceWidth).toBe(glyph.advance);
      });
    }
    expect(otf.glyphs.get(0).name).toBe(".notdef");
  });

  it("maps exactly the drawn characters plus space and no-break space", () => {
    for (const font of [otf, ttf]) {
      for (const char of [..."aAgjoH.,ёй", " ", "\u00a0", "\u{1D49C}"]) expect(font.hasChar(char), char).toBe(true);
      // x was empty and é has no acute drawn... but ´ is drawn, so é is built; ж was never drawn.
      expect(font.hasChar("x")).toBe(false);
      expect(font.hasChar("ж")).toBe(false);
      expect(font.hasChar("é")).toBe(false); // no e drawn
      expect(font.hasChar("á")).toBe(true); // a + ´
    }
  });

  it("reads back the CFF outlines point for point", () => {
    const index = built.plan.glyphs.findIndex((glyph) => glyph.name === "g");
    const glyph = built.plan.glyphs[index]!;
    const expected = translateOutline(glyph.outline, glyph.dx, 0).flatMap((contour) => [
      contour.start,
      ...contour.segments.map((s) => ({ x: s.x, y: s.y })),
    ]);
    const commands = otf.glyphs.get(index).path.commands.filter((c) => c.type !== "Z");
    expect(commands.map((c) => ({ x: c.x, y: c.y }))).toEqual(expected.map((p) => ({ x: p.x, y: p.y })));
  });

  it("keeps TrueType quadratics within 1 unit of the cubics, outer contours clockwise", () => {
    let worst = 0;
    for (const glyph of built.plan.glyphs) {
      if (glyph.outline.length === 0) continue;
      const cubic = flattenOutline(translateOutline(glyph.outline, glyph.dx, 0), 0.02).flatMap((polygon) =>
        polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length]!] as const),
      );
      const distance = (p: Point) => {
        let best = Number.POSITIVE_INFINITY;
        for (const [a, b] of cubic) {
          const dx = b.x - a.x;
          const dy = b.y - a.y;
          const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
          best = Math.min(best, Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y));
        }
        return best;
      };
      for (const contour of simpleTrueTypeContours(glyph.outline, glyph.dx)) {
        for (let i = 0; i < contour.length; i++) {
          // Sample each quadratic piece: from an on-curve (or implied) point through an off-curve control.
          const p = contour[i]!;
          if (p.on) {
            worst = Math.max(worst, distance(p));
            continue;
          }
          const prev = contour[(i - 1 + contour.length) % contour.length]!;
          const next = contour[(i + 1) % contour.length]!;
          const start = prev.on ? prev : { x: (prev.x + p.x) / 2, y: (prev.y + p.y) / 2 };
          const end = next.on ? next : { x: (next.x + p.x) / 2, y: (next.y + p.y) / 2 };
          for (let t = 0; t <= 1; t += 0.125) {
            const u = 1 - t;
            worst = Math.max(
              worst,
              distance({
                x: u * u * start.x + 2 * u * t * p.x + t * t * end.x,
                y: u * u * start.y + 2 * u * t * p.y + t * t * end.y,
              }),
            );
          }
        }
      }
    }
    expect(worst).toBeLessThanOrEqual(1);
    const o = built.plan.glyphs.find((glyph) => glyph.name === "o")!;
    const outer = toTrueTypeContours(o.outline)
      .map((contour) =>
        contourArea({ start: contour[0]!, segments: contour.slice(1).map((p) => ({ type: "L", ...p })) }),
      )
      .sort((a, b) => Math.abs(b) - Math.abs(a))[0]!;
    expect(outer).toBeLessThan(0);
  });

  it("keeps TrueType quadratics of a curve that runs one way within its ends, and writes no curve of no length", () => {
    // A rise whose top is its end point (handle level there; its quadratics once rounded went a unit above it), then
    // a curve of a unit and the closing line.
    const outline = [
      {
        start: { x: 77, y: 182 },
        segments: [
          { type: "C" as const, x1: 218, y1: 288, x2: 263, y2: 308, x: 303, y: 308 },
          { type: "C" as const, x1: 303, y1: 308, x2: 304, y2: 309, x: 304, y: 309 },
          { type: "L" as const, x: 303, y: 100 },
        ],
      },
    ];
    const [contour] = toTrueTypeContours(outline);
    // Every control lies between the on-curve points around it (implied ones included), on both axes.
    const n = contour!.length;
    const beyond = contour!.filter((p, k) => {
      if (p.on) return false;
      const around = [contour![(k - 1 + n) % n]!, contour![(k + 1) % n]!].map((q) =>
        q.on ? q : { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 },
      );
      return (["x", "y"] as const).some(
        (axis) =>
          p[axis] < Math.min(around[0]![axis], around[1]![axis]) ||
          p[axis] > Math.max(around[0]![axis], around[1]![axis]),
      );
    });
    expect(beyond).toEqual([]);
    // No control coincides with a neighbouring on-curve point (a curve of no length there).
    const degenerate = contour!.filter((p, k) => {
      const next = contour![(k + 1) % n]!;
      return !p.on && next.on && next.x === p.x && next.y === p.y;
    });
    expect(degenerate).toEqual([]);
  });

  it("writes head, hhea, OS/2 and post as the plan says", () => {
    const { head, hhea, os2, post, maxp } = otf.tables;
    expect(head.unitsPerEm).toBe(1000);
    expect(maxp.numGlyphs).toBe(built.plan.glyphs.length);
    const yMax = Math.max(...built.plan.glyphs.map((glyph) => glyph.bbox?.yMax ?? 0));
    const yMin = Math.min(...built.plan.glyphs.map((glyph) => glyph.bbox?.yMin ?? 0));
    expect(head.yMax).toBe(yMax);
    expect(hhea.ascender).toBeGreaterThanOrEqual(yMax);
    expect(hhea.descender).toBeLessThanOrEqual(yMin);
    expect(os2.usWinAscent).toBeGreaterThanOrEqual(yMax);
    expect(os2.usWinDescent).toBeGreaterThanOrEqual(-yMin);
    expect(os2.sTypoAscender - os2.sTypoDescender + os2.sTypoLineGap).toBe(1250);
    expect(os2.fsSelection & (1 << 7)).toBeTruthy(); // USE_TYPO_METRICS
    expect(os2.fsType).toBe(0); // installable embedding
    expect(os2.usWeightClass).toBe(400);
    expect(post.italicAngle).toBe(0);
    expect(ttf.tables.post.version).toBe(2);
  });

  it("names the font, with an ASCII PostScript name for a Cyrillic family", () => {
    const get = (id: string) => otf.names.windows?.[id]?.en ?? otf.names[id]?.en;
    expect(get("fontFamily")).toBe("Мой Почерк");
    expect(get("fontSubfamily")).toBe("Regular");
    expect(get("fullName")).toBe("Мой Почерк");
    expect(get("postScriptName")).toBe("MoyPocherk-Regular");
    expect(get("uniqueID")).toBe("1.000;NONE;MoyPocherk-Regular");
    expect(get("version")).toBe("Version 1.000");
    expect(get("designer")).toBe("Анна");
    expect(get("license")).toContain("SIL Open Font License");
    expect(get("licenseURL")).toBe("https://openfontlicense.org");
  });
});
