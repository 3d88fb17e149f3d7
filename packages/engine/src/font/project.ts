/** The current version of the FontProject JSON shape; `migrateFontProject` upgrades older ones. */
export const FONT_PROJECT_SCHEMA_VERSION = 1;

/** The licence written into the name table: SIL OFL 1.1, all rights reserved, or the user's own text. */
export type FontLicence =
  | { kind: "OFL-1.1" }
  | { kind: "all-rights-reserved" }
  | { kind: "custom"; text: string; url?: string };

/**
 * One drawn glyph. `chars` is one code point, or several for a ligature ("ff", "th"). Variants of the same
 * chars are alternative forms; the lowest variant index is the default form (0- and 1-based both work).
 * `path` is SVG path data in font units, y up from the baseline, 1000 units per em; x may be anywhere,
 * because spacing is decided by the compiler unless `advance` or side bearings are given.
 */
export interface FontGlyph {
  chars: string;
  variant: number;
  path: string;
  /** Total advance width in font units; wins over side bearings. */
  advance?: number;
  /** Space left of the ink in font units, replacing the automatic value. */
  leftSideBearing?: number;
  /** Space right of the ink in font units, replacing the automatic value. */
  rightSideBearing?: number;
}

/** A manual kerning pair between two characters (or ligature sequences); the value is in font units. */
export interface KerningPair {
  left: string;
  right: string;
  value: number;
}

export interface FontSettings {
  /** Font units added to both side bearings of every glyph (negative tightens). */
  letterSpacing: number;
  /** Advance width of the space in font units, or null to derive it from the letters. */
  spaceWidth: number | null;
  /** Default line distance as a multiple of the em (1.2 = 1200 units). */
  lineHeight: number;
  /** Uniform scale applied to every outline around the baseline. */
  scale: number;
  /** Font units added to every y coordinate (positive raises the letters). */
  baselineShift: number;
  /** Cycle through the variants of repeated letters (OpenType calt). */
  randomize: boolean;
  /** Replace character sequences by their ligature glyphs (OpenType liga). */
  ligatures: boolean;
  /** Compute kerning from the outlines ("auto") or use the manual pairs only ("off"). */
  kerning: "auto" | "off";
  /** Manual kerning pairs; they win over automatic values. */
  kerningPairs: KerningPair[];
  /** Build accented letters that were not drawn from a drawn base letter and a drawn mark. */
  compositeAccents: boolean;
}

export interface FontProject {
  schemaVersion: typeof FONT_PROJECT_SCHEMA_VERSION;
  family: string;
  style: string;
  designer: string;
  /** Font version as "major.minor", e.g. "1.000". */
  version: string;
  licence: FontLicence;
  /** OS/2 usWeightClass, 100–900. */
  weight: number;
  glyphs: FontGlyph[];
  settings: FontSettings;
}

/** Settings of a project that does not say otherwise. */
export const DEFAULT_FONT_SETTINGS: FontSettings = {
  letterSpacing: 0,
  spaceWidth: null,
  lineHeight: 1.25,
  scale: 1,
  baselineShift: 0,
  randomize: true,
  ligatures: true,
  kerning: "auto",
  kerningPairs: [],
  compositeAccents: true,
};
