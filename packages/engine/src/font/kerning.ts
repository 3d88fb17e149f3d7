import type { InkProfile } from "../outline/profile.ts";
import type { BBox } from "../outline/types.ts";
import { SPACING_DEPTH } from "./spacing.ts";

/** A character (or ligature) as placed in the font, for measuring kerning. */
export interface KerningCandidate {
  chars: string;
  /** Glyph ids of all its forms; the pair value applies to each of them. */
  glyphs: number[];
  /** Profile of the default form in source coordinates; `dx` moves it to its place in the font. */
  profile: InkProfile;
  dx: number;
  advance: number;
  /** Box of the default form as placed in the font. */
  bbox: BBox;
}

/**
 * The previous compile's kerning measurements, so an edit of one glyph re-measures only its row and column.
 */
export class KerningMemo {
  candidates: KerningCandidate[] = [];
  xHeight = 0;
  normal = 0;
  /** values[i * n + j] for the previous candidates. */
  values = new Int16Array(0);
}

/** Vertical clearance (share of x-height) kept between glyphs that kerning slides under each other. */
export const KERNING_CLEARANCE = 0.12;
/** Excess white (share of x-height) below which a pair is left alone. */
export const KERNING_THRESHOLD = 0.06;
/** Share of the excess white that kerning removes. */
export const KERNING_STRENGTH = 0.7;
/** The closest approach kerning may leave, as a share of the normal gap. */
export const KERNING_MIN_GAP = 0.5;

interface SideProfile {
  first: number;
  last: number;
  white: Float64Array;
  /** Running sums of `white` (bands without ink count 0): sums[b] is the total below band b. */
  sums: Float64Array;
  /** Whether some band between first and last has no ink (the gap of i, j, :, ;). */
  holes: boolean;
}

/** Adds the running sums and the hole flag to a side's white. */
function withSums(first: number, last: number, white: Float64Array): SideProfile | null {
  if (first < 0) return null;
  const sums = new Float64Array(white.length + 1);
  let holes = false;
  for (let band = 0; band < white.length; band++) {
    const value = white[band]!;
    const empty = Number.isNaN(value);
    if (empty && band > first && band < last) holes = true;
    sums[band + 1] = sums[band]! + (empty ? 0 : value);
  }
  return { first, last, white, sums, holes };
}

function rightSide(candidate: KerningCandidate, radius: number): SideProfile | null {
  const { right } = candidate.profile;
  const count = right.length;
  const white = new Float64Array(count).fill(Number.NaN);
  let first = -1;
  let last = -1;
  for (let band = 0; band < count; band++) {
    // Dilated vertically: the right glyph must clear the ink within `radius` bands above and below.
    let extent = Number.NaN;
    for (let k = Math.max(0, band - radius); k <= Math.min(count - 1, band + radius); k++) {
      const x = right[k]!;
      if (!Number.isNaN(x) && !(extent >= x)) extent = x;
    }
    if (Number.isNaN(extent)) continue;
    white[band] = candidate.advance - (extent + candidate.dx);
    if (first < 0) first = band;
    last = band;
  }
  return withSums(first, last, white);
}

function leftSide(candidate: KerningCandidate): SideProfile | null {
  const { left } = candidate.profile;
  const white = new Float64Array(left.length).fill(Number.NaN);
  let first = -1;
  let last = -1;
  for (let band = 0; band < left.length; band++) {
    const x = left[band]!;
    if (Number.isNaN(x)) continue;
    white[band] = x + candidate.dx;
    if (first < 0) first = band;
    last = band;
  }
  return withSums(first, last, white);
}

/** Pairs of straight-sided letters whose white between them is the font's normal gap. */
export const KERNING_REFERENCE_PAIRS = ["nn", "ii", "ll", "HH", "II", "нн", "НН", "nH", "mm", "uu"];
/** Share of the shorter glyph's height that two glyphs must share for the pair to be kerned. */
export const KERNING_MIN_SHARED = 0.3;

/** Marks and spaces are not kerned: a mark stands above or below letters, not beside them. */
const kernable = (chars: string) =>
  !/^[\p{M}\p{Sk}\p{Z}]+$/u.test(chars) && !/[\u02c6-\u02df\u00a8\u00b4\u00b8]/u.test(chars);

/** The average white between a left glyph's right side and a right glyph's left side over their shared heights. */
function averageWhite(r: SideProfile, l: SideProfile, cap: number): { average: number; shared: number } | null {
  let sum = 0;
  let shared = 0;
  const last = Math.min(r.last, l.last);
  for (let band = Math.max(r.first, l.first); band <= last; band++) {
    const gap = r.white[band]! + l.white[band]!;
    if (!Number.isNaN(gap)) {
      sum += gap < cap ? gap : cap;
      shared++;
    }
  }
  return shared === 0 ? null : { average: sum / shared, shared };
}

/** The closest approach of two glyphs (the left one widened vertically by the clearance). */
function closestApproach(widened: SideProfile, l: SideProfile): number {
  let closest = Number.POSITIVE_INFINITY;
  for (let band = Math.max(widened.first, l.first); band <= Math.min(widened.last, l.last); band++) {
    const gap = widened.white[band]! + l.white[band]!;
    if (gap < closest) closest = gap;
  }
  return closest;
}

/**
 * Kerning from the outlines, measured like the spacing: for each pair, the white between the two inks over the
 * heights where both have ink is averaged, each band counted at most as deep as spacing counts it, and compared with
 * the same measure on straight-sided pairs (nn, HH…), the font's normal gap. Where a pair holds much more white than
 * normal (To, Te, AV, LT, r., y.), part of the excess is removed, never bringing the inks closer than half the normal
 * gap, with the left glyph widened vertically by KERNING_CLEARANCE so a letter may tuck under an arm but not touch it.
 * Slanted handwriting keeps parallel strokes parallel, so it is not mistaken for a kerning need.
 * Returns [i, j, value] (indices into `candidates`), values in multiples of 5 units; pairs that need nothing are absent.
 * With a memo from the previous compile of the same font, only glyphs whose ink or placement changed are measured.
 */
export function autoKerning(
  candidates: KerningCandidate[],
  xHeight: number,
  memo?: KerningMemo,
): [number, number, number][] {
  const n = candidates.length;
  const step = candidates[0]?.profile.step ?? 10;
  const radius = Math.max(0, Math.round((KERNING_CLEARANCE * xHeight) / step));
  const threshold = KERNING_THRESHOLD * xHeight;
  const rights = candidates.map((candidate) => (kernable(candidate.chars) ? rightSide(candidate, 0) : null));
  const widened = candidates.map((candidate) => (kernable(candidate.chars) ? rightSide(candidate, radius) : null));
  const lefts = candidates.map((candidate) => (kernable(candidate.chars) ? leftSide(candidate) : null));
  const heights = candidates.map((candidate) => (candidate.bbox.yMax - candidate.bbox.yMin) / step);
  const index = new Map(candidates.map((candidate, i) => [candidate.chars, i]));
  const references: number[] = [];
  for (const pair of KERNING_REFERENCE_PAIRS) {
    const [a, b] = [...pair];
    const i = index.get(a!);
    const j = index.get(b!);
    if (i === undefined || j === undefined || !rights[i] || !lefts[j]) continue;
    const white = averageWhite(rights[i]!, lefts[j]!, Number.POSITIVE_INFINITY);
    if (white) references.push(white.average);
  }
  references.sort((a, b) => a - b);
  const normal = references.length === 0 ? Number.NaN : references[Math.floor(references.length / 2)]!;
  const cap = normal + 2 * SPACING_DEPTH * xHeight;
  // With the same characters, metrics and normal gap as last time, only changed glyphs need measuring again.
  const previous = memo?.candidates ?? [];
  const reusable =
    memo !== undefined &&
    previous.length === n &&
    memo.xHeight === xHeight &&
    memo.normal === normal &&
    previous.every((candidate, i) => candidate.chars === candidates[i]!.chars);
  const changed = candidates.map(
    (candidate, i) =>
      !reusable ||
      previous[i]!.profile !== candidate.profile ||
      previous[i]!.dx !== candidate.dx ||
      previous[i]!.advance !== candidate.advance,
  );
  const values = reusable ? memo!.values : new Int16Array(n * n);
  for (let i = 0; i < n; i++) {
    const r = rights[i];
    const wide = widened[i];
    for (let j = 0; j < n; j++) {
      if (!changed[i] && !changed[j]) continue;
      values[i * n + j] = 0;
      const l = lefts[j];
      if (!r || !wide || !l || Number.isNaN(normal)) continue;
      // Without holes, the uncapped average comes from running sums; capping only lowers it, so a pair whose
      // uncapped average is within the threshold needs no band-by-band look.
      if (!r.holes && !l.holes) {
        const first = Math.max(r.first, l.first);
        const last = Math.min(r.last, l.last);
        if (first > last) continue;
        const total = r.sums[last + 1]! - r.sums[first]! + l.sums[last + 1]! - l.sums[first]!;
        if (total / (last - first + 1) - normal <= threshold) continue;
      }
      const white = averageWhite(r, l, cap);
      // Enough shared height, so a mark-like neighbour (a quote over a letter) is not kerned.
      if (!white || white.shared < Math.max(1, KERNING_MIN_SHARED * Math.min(heights[i]!, heights[j]!))) continue;
      const excess = white.average - normal;
      if (excess <= threshold) continue;
      const room = closestApproach(wide, l) - KERNING_MIN_GAP * normal;
      const value = Math.max(-KERNING_STRENGTH * excess, -Math.max(0, room));
      values[i * n + j] = Math.round(value / 5) * 5;
    }
  }
  if (memo) {
    memo.candidates = candidates;
    memo.xHeight = xHeight;
    memo.normal = normal;
    memo.values = values;
  }
  const result: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const value = values[i * n + j]!;
      if (value !== 0) result.push([i, j, value]);
    }
  }
  return result;
}
