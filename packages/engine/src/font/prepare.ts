import { curvesCross, outlinePieces } from "../outline/curve-crossings.ts";
import { orientOutline } from "../outline/direction.ts";
import { withExtrema } from "../outline/extrema.ts";
import { flattenOutline } from "../outline/flatten.ts";
import { contourArea, outlineBounds, roundOutline, transformOutline } from "../outline/geometry.ts";
import { mergeCurves } from "../outline/merge-curves.ts";
import { mergeContours } from "../outline/overlap.ts";
import { OutlineError, parseSvgPath } from "../outline/parse-path.ts";
import { type InkProfile, inkProfile } from "../outline/profile.ts";
import type { BBox, Outline } from "../outline/types.ts";
import { FontError } from "./errors.ts";
import { KerningMemo } from "./kerning.ts";

/** The band grid shared by every ink profile, so profiles of two glyphs compare band by band. */
export const PROFILE_GRID = { yStart: -600, step: 10, count: 240 } as const;

/** A glyph outline ready for spacing and the table writers: integer units, no overlaps, PostScript direction. */
export interface PreparedOutline {
  outline: Outline;
  bbox: BBox | null;
  profile: InkProfile | null;
  overlapsRemoved: boolean;
}

/** Exact box snapped outward to integers, as font tables store it. */
export function integerBounds(outline: Outline): BBox | null {
  const box = outlineBounds(outline);
  return (
    box && {
      xMin: Math.floor(box.xMin),
      yMin: Math.floor(box.yMin),
      xMax: Math.ceil(box.xMax),
      yMax: Math.ceil(box.yMax),
    }
  );
}

/** Contours enclosing less than this many square units are specks (scan dust, rounding leftovers). */
export const SPECK_AREA = 15;

/**
 * Rounds to integers, drops specks, puts points at extrema, merges neighbouring curves that one curve fits within a
 * unit (merge-curves.ts), merges contours that cross or touch (overlapping strokes, self-intersections,
 * spikes), orients contours by nesting (outer counter-clockwise) and measures the ink; one flattening serves it all.
 */
export function cleanOutline(outline: Outline): PreparedOutline {
  const rounded = mergeCurves(
    withExtrema(roundOutline(outline).filter((contour) => Math.abs(contourArea(contour)) >= 2 * SPECK_AREA)),
  );
  // Crossings and touches are found on the curves themselves (cusps and near-touches left by rounding included);
  // only the contours involved are merged, the others keep their curves.
  const crossing = curvesCross(outlinePieces(rounded));
  let merged = rounded;
  if (crossing.size > 0) {
    // Merged from a flattening within 1 unit, then snapped to whole units: invisible at any text size.
    const fine = flattenOutline(rounded, 1);
    merged = mergeContours(rounded, fine, crossing).filter(
      (contour) => Math.abs(contourArea(contour)) >= 2 * SPECK_AREA,
    );
  }
  // Orientation and the ink profile (10-unit bands) only need a coarse polygon.
  const polygons = flattenOutline(merged, 1);
  const oriented = orientOutline(merged, false, polygons);
  const bbox = integerBounds(oriented);
  const profile = bbox ? inkProfile(polygons, PROFILE_GRID.yStart, PROFILE_GRID.step, PROFILE_GRID.count) : null;
  return { outline: oriented, bbox, profile, overlapsRemoved: crossing.size > 0 };
}

/**
 * Memo for repeated compiles of one project (the live preview): prepared outlines by path data and placement,
 * charstrings, kerning measurements and layout tables, so an edit only redoes what it changed.
 */
export class GlyphCache {
  // Keyed by the path string itself: the same string object comes back on every compile and keeps its hash.
  private readonly entries = new Map<string, Map<string, PreparedOutline>>();
  private size = 0;
  /** Encoded charstrings per source outline, keyed by shift and advance. */
  readonly charstrings = new WeakMap<Outline, Map<string, Uint8Array>>();
  /** Kerning of the previous compile, updated row by row (kerning.ts). */
  readonly kerning = new KerningMemo();
  /** The last GSUB and GPOS written, by a signature of their input. */
  readonly layout = new Map<string, Uint8Array | null>();
  private readonly limit: number;
  constructor(limit = 20_000) {
    this.limit = limit;
  }

  get(placement: string, path: string): PreparedOutline | undefined {
    return this.entries.get(placement)?.get(path);
  }

  set(placement: string, path: string, value: PreparedOutline): void {
    if (this.size >= this.limit) {
      this.entries.clear();
      this.size = 0;
    }
    let byPath = this.entries.get(placement);
    if (!byPath) {
      byPath = new Map();
      this.entries.set(placement, byPath);
    }
    byPath.set(path, value);
    this.size++;
  }
}

/** Parses SVG path data, applies the project's scale and baseline shift, and cleans the result. */
export function prepareOutline(
  path: string,
  scale: number,
  baselineShift: number,
  cache?: GlyphCache,
): PreparedOutline {
  const placement = `${scale}|${baselineShift}`;
  const cached = cache?.get(placement, path);
  if (cached) return cached;
  let parsed: Outline;
  try {
    parsed = parseSvgPath(path);
  } catch (error) {
    if (error instanceof OutlineError) throw new FontError("FONT_OUTLINE_INVALID", error.message);
    throw error;
  }
  const placed =
    scale === 1 && baselineShift === 0 ? parsed : transformOutline(parsed, scale, 0, 0, scale, 0, baselineShift);
  const prepared = cleanOutline(placed);
  cache?.set(placement, path, prepared);
  return prepared;
}
