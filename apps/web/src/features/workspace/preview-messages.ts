import type { FontSettings } from "@handfont/contract";

/** A letter as the live preview compiles it. */
export type PreviewGlyph = { chars: string; variant: number; path: string; scale: number; baselineShift: number };

export type PreviewRequest = { id: number; family: string; glyphs: PreviewGlyph[]; settings: FontSettings };
export type PreviewResponse = { id: number; bytes?: ArrayBuffer; error?: string };
