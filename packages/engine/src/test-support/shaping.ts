// Shaping with HarfBuzz (npm harfbuzzjs, HarfBuzz compiled to wasm) for tests: what a browser would render.
import * as hb from "harfbuzzjs";

export interface ShapedGlyph {
  name: string;
  xAdvance: number;
  cluster: number;
}

/** Shapes `text` with the font bytes and optional features ("-calt", "-kern"…). */
export function shapeText(font: Uint8Array, text: string, features: string[] = []): ShapedGlyph[] {
  const face = new hb.Face(new hb.Blob(font));
  const hbFont = new hb.Font(face);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(
    hbFont,
    buffer,
    features.map((feature) => hb.Feature.fromString(feature)!),
  );
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  return infos.map((info, index) => ({
    name: hbFont.glyphName(info.codepoint),
    xAdvance: positions[index]!.xAdvance,
    cluster: info.cluster,
  }));
}

/** The feature tags a font's GSUB or GPOS declares. */
export function featureTags(font: Uint8Array, table: "GSUB" | "GPOS"): string[] {
  return new hb.Face(new hb.Blob(font)).getTableFeatureTags(table);
}
