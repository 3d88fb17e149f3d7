// The subset of opentype.js 2.0 (MIT) that the engine uses (the synthetic generator, tests, benchmarks).
declare module "opentype.js" {
  interface PathCommand {
    type: "M" | "L" | "C" | "Q" | "Z";
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  }
  interface Path {
    commands: PathCommand[];
    toPathData(options?: { decimalPlaces?: number; flipY?: boolean } | number): string;
  }
  interface Glyph {
    name: string | null;
    index: number;
    unicode: number | undefined;
    unicodes: number[];
    advanceWidth: number | undefined;
    leftSideBearing: number | undefined;
    path: Path;
    getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
    getPath(x?: number, y?: number, fontSize?: number): Path;
  }
  interface GlyphSet {
    length: number;
    get(index: number): Glyph;
  }
  interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    numGlyphs: number;
    glyphs: GlyphSet;
    // biome-ignore lint/suspicious/noExplicitAny: opentype.js tables are untyped objects
    tables: Record<string, any>;
    // biome-ignore lint/suspicious/noExplicitAny: same
    names: Record<string, any>;
    charToGlyph(char: string): Glyph;
    hasChar(char: string): boolean;
    getAdvanceWidth(text: string, fontSize?: number, options?: Record<string, unknown>): number;
    stringToGlyphs(text: string, options?: Record<string, unknown>): Glyph[];
    getKerningValue(left: Glyph, right: Glyph): number;
    getPath(text: string, x?: number, y?: number, fontSize?: number, options?: Record<string, unknown>): Path;
  }
  function parse(buffer: ArrayBuffer, options?: Record<string, unknown>): Font;
  const opentype: { parse: typeof parse };
  export default opentype;
  export type { Font, Glyph, Path, PathCommand };
  export { parse };
}
