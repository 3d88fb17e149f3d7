import type { InkProfile } from "../outline/profile.ts";
import type { BBox } from "../outline/types.ts";

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

/** Vertical clearance (share of x-height) kept between glyphs that kerning slides under each other. */
export const KERNING_CLEARANCE = 0.12;
/** Excess white (share of x-height) below which a pair is left alone. */
export const KERNING_THRESHOLD = 0.1;
/** Share of the excess white that kerning removes. */
export const KERNING_STRENGTH = 0.6;

interface SideProfile {
  first: number;
  last: number;
  white: Float64Array;
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
  return first < 0 ? null : { first, last, white };
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
  return first < 0 ? null : { first, last, white };
}

/** Pairs of straight-sided letters whose closest approach is the font's normal gap. */
export const KERNING_REFERENCE_PAIRS = ["nn", "ii", "ll", "HH", "II", "нн", "НН", "nH", "mm", "uu"];
/** Share of the shorter glyph's height that two glyphs must share for the pair to be kerned. */
export const KERNING_MIN_SHARED = 0.3;

/** Marks and spaces are not kerned: a mark stands above or below letters, not beside them. */
const kernable = (chars: string) =>
  !/^[\p{M}\p{Sk}\p{Z}]+$/u.test(chars) && !/[\u02c6-\u02df\u00a8\u00b4\u00b8]/u.test(chars);

function closestApproach(r: SideProfile, l: SideProfile, minShared: number): number | null {
  const first = Math.max(r.first, l.first);
  const last = Math.min(r.last, l.last);
  if (first > last) return null;
  let closest = Number.POSITIVE_INFINITY;
  let shared = 0;
  for (let band = first; band <= last; band++) {
    const gap = r.white[band]! + l.white[band]!;
    if (Number.isNaN(gap)) continue;
    shared++;
    if (gap < closest) closest = gap;
  }
  return shared >= minShared ? closest : null;
}

/**
 * Kerning from the outlines: for each pair, the closest horizontal approach of the two inks over the heights where
 * both have ink (the left one widened by KERNING_CLEARANCE vertically, so a letter may slide under an arm but not
 * touch it) is compared with the font's normal gap, measured the same way on straight-sided pairs (nn, HH…).
 * Where a pair leaves much more white than normal (To, AV, LT, r., y.), part of the excess is removed.
 * Slanted handwriting keeps parallel strokes parallel, so it is not mistaken for a kerning need.
 * Returns [i, j, value] (indices into `candidates`), values in multiples of 5 units; pairs that need nothing are absent.
 */
export function autoKerning(candidates: KerningCandidate[], xHeight: number): [number, number, number][] {
  const step = candidates[0]?.profile.step ?? 10;
  const radius = Math.max(0, Math.round((KERNING_CLEARANCE * xHeight) / step));
  const threshold = KERNING_THRESHOLD * xHeight;
  const rights = candidates.map((candidate) => (kernable(candidate.chars) ? rightSide(candidate, radius) : null));
  const plainRights = candidates.map((candidate) => (kernable(candidate.chars) ? rightSide(candidate, 0) : null));
  const lefts = candidates.map((candidate) => (kernable(candidate.chars) ? leftSide(candidate) : null));
  const heights = candidates.map((candidate) => (candidate.bbox.yMax - candidate.bbox.yMin) / step);
  const index = new Map(candidates.map((candidate, i) => [candidate.chars, i]));
  const references: number[] = [];
  for (const pair of KERNING_REFERENCE_PAIRS) {
    const [a, b] = [...pair];
    const i = index.get(a!);
    const j = index.get(b!);
    if (i === undefined || j === undefined || !rights[i] || !lefts[j]) continue;
    const closest = closestApproach(rights[i]!, lefts[j]!, 1);
    if (closest !== null) references.push(closest);
  }
  references.sort((a, b) => a - b);
  const result: [number, number, number][] = [];
  if (references.length === 0) return result;
  const normal = references[Math.floor(references.length / 2)]!;
  for (let i = 0; i < candidates.length; i++) {
    const r = rights[i];
    const plain = plainRights[i];
    if (!r || !plain) continue;
    for (let j = 0; j < candidates.length; j++) {
      const l = lefts[j];
      if (!l) continue;
      const first = Math.max(r.first, l.first);
      const last = Math.min(r.last, l.last);
      if (first > last) continue;
      // Most pairs come closer than normal + threshold somewhere: stop at the first such band.
      const limit = normal + threshold;
      let closest = Number.POSITIVE_INFINITY;
      let shared = 0;
      for (let band = first; band <= last; band++) {
        const white = l.white[band]!;
        const gap = r.white[band]! + white;
        if (gap <= limit) {
          closest = Number.NEGATIVE_INFINITY;
          break;
        }
        if (gap < closest) closest = gap;
        if (!Number.isNaN(plain.white[band]! + white)) shared++;
      }
      if (!(closest > limit) || closest === Number.POSITIVE_INFINITY) continue;
      // Enough shared height without the widening, so a mark-like neighbour (quote over a letter) is not kerned.
      if (shared < Math.max(1, KERNING_MIN_SHARED * Math.min(heights[i]!, heights[j]!))) continue;
      const value = -Math.round((KERNING_STRENGTH * (closest - normal)) / 5) * 5;
      if (value !== 0) result.push([i, j, value]);
    }
  }
  return result;
}
