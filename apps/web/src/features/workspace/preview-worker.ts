import {
  compileFontSync,
  DEFAULT_FONT_SETTINGS,
  FONT_PROJECT_SCHEMA_VERSION,
  GlyphCache,
  outlineToSvgPath,
  parseSvgPath,
  transformOutline,
} from "@handfont/engine/fonts";
import type { PreviewRequest, PreviewResponse } from "./preview-messages.ts";

// Compiles the font being edited into an OTF off the main thread, reusing unchanged letters between edits.
const cache = new GlyphCache();
const adjusted = new Map<string, string>();

/** A letter's outline with its own scale (around the baseline origin) and baseline shift applied. */
function adjust(path: string, scale: number, shift: number): string {
  if (scale === 1 && shift === 0) return path;
  const key = `${scale}|${shift}|${path}`;
  let result = adjusted.get(key);
  if (result === undefined) {
    result = outlineToSvgPath(transformOutline(parseSvgPath(path), scale, 0, 0, scale, 0, shift));
    if (adjusted.size > 5000) adjusted.clear();
    adjusted.set(key, result);
  }
  return result;
}

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const { id, family, glyphs, settings } = event.data;
  try {
    const { fonts } = compileFontSync(
      {
        schemaVersion: FONT_PROJECT_SCHEMA_VERSION,
        family,
        style: "Regular",
        designer: "",
        version: "1.000",
        licence: { kind: "all-rights-reserved" },
        weight: 400,
        glyphs: glyphs.map((glyph) => ({
          chars: glyph.chars,
          variant: glyph.variant,
          path: adjust(glyph.path, glyph.scale, glyph.baselineShift),
        })),
        settings: { ...DEFAULT_FONT_SETTINGS, ...settings },
      },
      ["otf"],
      { cache },
    );
    const bytes = fonts.otf!;
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    self.postMessage({ id, bytes: buffer } satisfies PreviewResponse, { transfer: [buffer] });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PreviewResponse);
  }
};
