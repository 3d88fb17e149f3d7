import { flattenOutline, type Polygon } from "../outline/flatten.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import { sfntFromFontFile } from "./font-file.ts";
import { encodePng } from "./png.ts";
import { type RgbaImage, rasterizeCoverage } from "./rasterize.ts";
import { coveredText } from "./specimen-text.ts";

export interface SpecimenOptions {
  /** Font size in pixels (the em). */
  size?: number;
  /** Margin around the text in pixels. */
  padding?: number;
  /** Line distance as a multiple of the size. */
  lineHeight?: number;
  /** Ink and paper colours as [r, g, b]. */
  ink?: [number, number, number];
  paper?: [number, number, number];
}

interface PlacedLine {
  glyphs: { id: number; x: number }[];
  width: number;
}

/**
 * Renders text set in a font (OTF, TTF, WOFF or WOFF2 bytes) to an RGBA image, shaped by HarfBuzz, so ligatures,
 * cycling variants and kerning show as in a browser. Lines are split at "\n". Characters the font lacks are left
 * out, so no empty box (.notdef) is ever drawn; choose the text with `specimenText` to show what the font has.
 * Throws FontError FONT_FILE_UNREADABLE for bytes that are not a font. No filesystem: bytes in, pixels out.
 */
export async function renderSpecimen(
  fontFile: Uint8Array,
  text: string,
  options: SpecimenOptions = {},
): Promise<RgbaImage> {
  const font = await sfntFromFontFile(fontFile);
  const hb = await import("harfbuzzjs");
  const size = options.size ?? 72;
  const padding = options.padding ?? Math.round(size / 3);
  const lineHeight = options.lineHeight ?? 1.3;
  const ink = options.ink ?? [24, 24, 28];
  const paper = options.paper ?? [255, 255, 255];
  const face = new hb.Face(new hb.Blob(font));
  const hbFont = new hb.Font(face);
  const scale = size / (face.upem || 1000);
  const shown = coveredText(text, new Set(face.collectUnicodes()));
  const lines: PlacedLine[] = shown.split("\n").map((line) => {
    const buffer = new hb.Buffer();
    buffer.addText(line);
    buffer.guessSegmentProperties();
    hb.shape(hbFont, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    let x = 0;
    const glyphs = infos.flatMap((info, index) => {
      const placed = { id: info.codepoint, x: x + positions[index]!.xOffset };
      x += positions[index]!.xAdvance;
      // Glyph 0 is .notdef, the empty box; a sequence the font cannot shape is left blank instead.
      return info.codepoint === 0 ? [] : [placed];
    });
    return { glyphs, width: x };
  });
  const width = Math.max(1, Math.ceil(Math.max(...lines.map((line) => line.width)) * scale) + 2 * padding);
  const linePixels = Math.round(size * lineHeight);
  const height = lines.length * linePixels + 2 * padding;
  const outlines = new Map<number, Polygon[]>();
  const polygons: Polygon[] = [];
  lines.forEach((line, row) => {
    const baseline = padding + row * linePixels + Math.round(size * 0.95);
    for (const glyph of line.glyphs) {
      let shape = outlines.get(glyph.id);
      if (!shape) {
        shape = flattenOutline(parseSvgPath(hbFont.glyphToPath(glyph.id)), 0.5 / scale);
        outlines.set(glyph.id, shape);
      }
      // Font units are y up from the baseline; pixels are y down from the top.
      for (const polygon of shape) {
        polygons.push(polygon.map((p) => ({ x: padding + (glyph.x + p.x) * scale, y: baseline - p.y * scale })));
      }
    }
  });
  const coverage = rasterizeCoverage(polygons, width, height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < coverage.length; i++) {
    const c = coverage[i]!;
    data[i * 4] = paper[0] + (ink[0] - paper[0]) * c;
    data[i * 4 + 1] = paper[1] + (ink[1] - paper[1]) * c;
    data[i * 4 + 2] = paper[2] + (ink[2] - paper[2]) * c;
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

/** Renders a specimen straight to PNG bytes (for font cards and sharing). */
export async function renderSpecimenPng(
  font: Uint8Array,
  text: string,
  options: SpecimenOptions = {},
): Promise<Uint8Array> {
  return encodePng(await renderSpecimen(font, text, options));
}
