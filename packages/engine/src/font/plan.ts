import type { BBox, Outline } from "../outline/types.ts";
import type { KerningClasses } from "./kerning-classes.ts";

/**
 * A glyph as it goes into the font: outline (integer units, PostScript direction) drawn `dx` units to the right of
 * where it is stored (the spacing shift, applied while encoding so outlines are not copied), and metrics.
 */
export interface PlannedGlyph {
  /** PostScript glyph name, unique in the font. */
  name: string;
  /** Code points mapped to this glyph in cmap (only default forms have any). */
  unicodes: number[];
  outline: Outline;
  dx: number;
  advance: number;
  bbox: BBox | null;
}

/** Vertical metrics shared by hhea, OS/2 and head. */
export interface VerticalMetrics {
  typoAscender: number;
  typoDescender: number;
  typoLineGap: number;
  hheaAscender: number;
  hheaDescender: number;
  hheaLineGap: number;
  winAscent: number;
  winDescent: number;
  xHeight: number;
  capHeight: number;
}

/** Strings of the name table and the CFF top dictionary. */
export interface FontNames {
  family: string;
  style: string;
  fullName: string;
  postScriptName: string;
  uniqueId: string;
  version: string;
  designer: string;
  copyright: string;
  licence: string;
  licenceUrl: string;
}

/** A ligature: the default glyphs of its characters, in order, become `glyph`. */
export interface PlannedLigature {
  components: number[];
  glyph: number;
}

/** A manual kerning value between two groups of glyphs (all forms of one character each). */
export interface PlannedKerningPair {
  left: number[];
  right: number[];
  value: number;
}

/** Everything the table writers need, glyph index = glyph id (0 is .notdef). */
export interface FontPlan {
  glyphs: PlannedGlyph[];
  names: FontNames;
  metrics: VerticalMetrics;
  weight: number;
  italic: boolean;
  /** Font revision as a number (head.fontRevision). */
  revision: number;
  ligatures: PlannedLigature[];
  /** Per cycled unit: its forms in cycling order (default first); only units with 2+ forms. */
  cycles: number[][];
  /** Automatic kerning by classes, and manual pairs that win over it. */
  kerning: { classes: KerningClasses; pairs: PlannedKerningPair[] };
  /** Seconds since 1970 for head.created/modified. */
  timestamp: number;
}
