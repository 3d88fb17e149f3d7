import type { LayoutCell } from "../template/layout-types.ts";
import { type CellImage, sampleGrid } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";

/**
 * The crease a fold left across the page, as printed: the line `along = offset + slope · across` in page mm, where a
 * horizontal crease runs along x (`across` is x, `along` is y) and a vertical one along y. Its shadow takes a share
 * of the light, deepest on the line and falling off as a Gaussian of `sigmaMm`; how deep varies along it, measured
 * where it crossed the gaps between boxes.
 */
export type Crease = {
  horizontal: boolean;
  offset: number;
  slope: number;
  sigmaMm: number;
  /** Depth (the share of light taken on the line) at points along the crease, in order of `across`. */
  depths: { across: number; depth: number }[];
};

/**
 * Resolution the gaps are sampled at along a strip (px/mm), fine enough to place a line 0.1 mm wide, and across it,
 * where the samples are only averaged.
 */
const STRIP_PX_PER_MM = 8;
const ACROSS_PX_PER_MM = 4;
/** Kept clear of the box borders at a gap's sides, and of the page's margins at the ends of the outer lines (mm). */
const BORDER_CLEARANCE_MM = 0.4;
const END_CLEARANCE_MM = 1;
/** Narrower gaps hold too little paper to measure. */
const MIN_GAP_MM = 1.2;
/** How far into the page's margins beyond the outer boxes a strip reaches (mm). */
const MARGIN_STRIP_MM = 4;
/** The paper's level around a point of a strip's profile: the median over this far either side (mm). */
const PAPER_WINDOW_MM = 2;
/**
 * A dip in a strip's profile counts when it is this many times the profile's own noise deep, and not less than
 * MIN_DEPTH. No crease takes more than MAX_DEPTH of the light: deeper is ink or print.
 */
const DIP_NOISES = 5;
const MIN_DEPTH = 0.02;
const MAX_DEPTH = 0.45;
/** A crease is thin: its dip is at most this wide at half its depth (mm). */
const MAX_WIDTH_MM = 1.2;
/** A crease lies within this angle of the page's axes (a fold is made edge to edge): slope at most. */
const MAX_SLOPE = 0.07;
/** Dips on one crease lie this close to its line (mm). */
const ON_LINE_MM = 0.35;
/**
 * A line is a crease when it dips in at least MIN_STRIPS gaps, and in this share of the gaps it crosses at least:
 * ink that leaves its box crosses a gap or two, never a row of them in a line.
 */
const MIN_STRIPS = 3;
const MIN_SHARE = 0.6;
/** At most this many creases are looked for in each direction (a page folded in three, then in half). */
const MAX_CREASES = 3;

/** A gap's strip: where it lies (mm) and the map of the box beside it. */
type Strip = {
  /** Where the strip lies along the crease's direction (x for a horizontal crease's strips), and its width there. */
  across: number;
  from: number;
  to: number;
  /** The strip's extent across the crease's line: [lo, hi] of the coordinate the crease crosses at. */
  lo: number;
  hi: number;
  h: Homography;
  /** The line of boxes (a row for a horizontal crease) the strip belongs to. */
  line: number;
};

/** A dip of the light in a strip: where (mm), how deep, and how wide at half its depth (mm). */
type Dip = { strip: number; line: number; across: number; along: number; depth: number; width: number };

/** The deepest dips kept in a strip: a crease makes one, and a page lined all over must not make thousands to pair. */
const DIPS_A_STRIP = 3;

/**
 * Finds the creases of a page folded and opened again: thin lines of shade running straight across the page through
 * boxes and the gaps between them alike. They are looked for in the gaps, where nothing is printed or written: a
 * horizontal crease dips the light at the same height (give or take its slope) in most gaps between the boxes of a
 * row, and a vertical one in most gaps between rows. `boxH` is each cell's map onto `source`.
 */
export function findCreases(source: GreyImage, boxH: readonly Homography[], cells: readonly LayoutCell[]): Crease[] {
  return [true, false].flatMap((horizontal) => {
    const strips = gapStrips(boxH, cells, horizontal);
    const dips = strips.flatMap((strip, index) => stripDips(source, strip, horizontal, index));
    return fitCreases(dips, strips, horizontal);
  });
}

/**
 * The strips a crease of one direction crosses: for a horizontal crease, the gaps between neighbouring boxes of a row
 * and the margins beside a row's outer boxes; for a vertical one, the gaps between a box and the one below it.
 */
function gapStrips(boxH: readonly Homography[], cells: readonly LayoutCell[], horizontal: boolean): Strip[] {
  // Coordinates turned so that the crease runs along `across`: u across it, v along the direction it crosses.
  const u = (c: LayoutCell) =>
    horizontal ? { start: c.box.x, size: c.box.width } : { start: c.box.y, size: c.box.height };
  const v = (c: LayoutCell) =>
    horizontal ? { start: c.box.y, size: c.box.height } : { start: c.box.x, size: c.box.width };
  const lines = new Map<number, number[]>();
  for (const [i, cell] of cells.entries()) {
    const key = Math.round(v(cell).start * 10);
    lines.set(key, [...(lines.get(key) ?? []), i]);
  }
  const ordered = [...lines.values()].sort((a, b) => v(cells[a[0]!]!).start - v(cells[b[0]!]!).start);
  const strips: Strip[] = [];
  for (const [n, members] of ordered.entries()) {
    const sorted = members.sort((a, b) => u(cells[a]!).start - u(cells[b]!).start);
    const { start, size } = v(cells[sorted[0]!]!);
    // A strip runs on to the middle of the gap to the next line of boxes (a crease near a box's edge is seen there),
    // and stops short of the page's margins, which hold the markers, the QR code and the footer.
    const before = ordered[n - 1] && v(cells[ordered[n - 1]![0]!]!);
    const after = ordered[n + 1] && v(cells[ordered[n + 1]![0]!]!);
    const lo = before ? start - Math.max(0, start - before.start - before.size) / 2 : start + END_CLEARANCE_MM;
    const hi = after ? start + size + Math.max(0, after.start - start - size) / 2 : start + size - END_CLEARANCE_MM;
    const strip = (index: number, from: number, to: number) => {
      if (to - from < MIN_GAP_MM) return;
      strips.push({
        across: (from + to) / 2,
        from: from + BORDER_CLEARANCE_MM,
        to: to - BORDER_CLEARANCE_MM,
        lo,
        hi,
        h: boxH[index]!,
        line: n,
      });
    };
    const first = u(cells[sorted[0]!]!);
    // The rows' margins: a horizontal crease's only gaps in a row of one box; vertical creases have the gaps between
    // rows, and the page's top and bottom hold the QR code and the markers.
    if (horizontal) strip(sorted[0]!, first.start - MARGIN_STRIP_MM, first.start);
    for (let k = 0; k + 1 < sorted.length; k++) {
      const left = u(cells[sorted[k]!]!);
      strip(sorted[k]!, left.start + left.size, u(cells[sorted[k + 1]!]!).start);
    }
    const last = u(cells[sorted.at(-1)!]!);
    if (horizontal) strip(sorted.at(-1)!, last.start + last.size, last.start + last.size + MARGIN_STRIP_MM);
  }
  return strips;
}

/** The dips of the light along a strip, each measured against the paper around it. */
function stripDips(source: GreyImage, strip: Strip, horizontal: boolean, index: number): Dip[] {
  const step = 1 / STRIP_PX_PER_MM;
  const acrossStep = 1 / ACROSS_PX_PER_MM;
  const width = Math.max(1, Math.floor((strip.to - strip.from) * ACROSS_PX_PER_MM));
  const length = Math.floor((strip.hi - strip.lo) * STRIP_PX_PER_MM);
  if (length < 4 * PAPER_WINDOW_MM * STRIP_PX_PER_MM) return [];
  const samples = new Float32Array(width * length);
  // The samples across lie centred in the strip.
  const a = (strip.from + strip.to - (width - 1) * acrossStep) / 2;
  const b = strip.lo + step / 2;
  // i across the strip (inner loop), j along it.
  if (horizontal) sampleGrid(source, strip.h, samples, a, b, acrossStep, 0, 0, step, width, length, 1, width);
  else sampleGrid(source, strip.h, samples, b, a, 0, acrossStep, step, 0, width, length, 1, width);
  const profile = new Float64Array(length);
  for (let j = 0; j < length; j++) {
    let sum = 0;
    for (let i = 0; i < width; i++) sum += samples[j * width + i]!;
    profile[j] = sum / width;
    // A map gone wild (markers nearly in a line) samples nothing: such a strip tells nothing.
    if (!Number.isFinite(profile[j]!)) return [];
  }
  const paper = slidingMedian(profile, Math.round(PAPER_WINDOW_MM * STRIP_PX_PER_MM));
  const ratio = new Float64Array(length);
  for (let j = 0; j < length; j++) ratio[j] = paper[j]! > 0 ? profile[j]! / paper[j]! : 1;
  // The profile's noise, from the median of its deviations (a typed array sorts as numbers).
  const deviations = ratio.map((r) => Math.abs(r - 1)).sort();
  const noise = 1.4826 * deviations[length >> 1]!;
  const least = Math.max(MIN_DEPTH, DIP_NOISES * noise);
  const dips: Dip[] = [];
  for (let j = 1; j + 1 < length; j++) {
    const depth = 1 - ratio[j]!;
    if (depth < least || depth > MAX_DEPTH || ratio[j]! > ratio[j - 1]! || ratio[j]! > ratio[j + 1]!) continue;
    // Where the dip comes back to half its depth on either side, between samples.
    let left = j;
    while (left > 0 && 1 - ratio[left]! > depth / 2) left--;
    let right = j;
    while (right + 1 < length && 1 - ratio[right]! > depth / 2) right++;
    if (left === 0 || right === length - 1) continue;
    const crossing = (outside: number, inside: number) => {
      const [a, b] = [1 - ratio[outside]!, 1 - ratio[inside]!];
      return outside + ((inside - outside) * (depth / 2 - a)) / (b - a);
    };
    const width = (crossing(right, right - 1) - crossing(left, left + 1)) * step;
    if (width > MAX_WIDTH_MM) continue;
    // The bottom of the dip between samples, from a parabola through its three lowest.
    const curve = ratio[j - 1]! - 2 * ratio[j]! + ratio[j + 1]!;
    const shift = curve > 0 ? (ratio[j - 1]! - ratio[j + 1]!) / (2 * curve) : 0;
    const along = strip.lo + (j + 0.5 + shift) * step;
    dips.push({ strip: index, line: strip.line, across: strip.across, along, depth, width });
    j = right;
  }
  return dips.sort((a, b) => b.depth - a.depth).slice(0, DIPS_A_STRIP);
}

/**
 * Lines through the dips of different strips, steeper than no fold is, that most of the strips they cross dip on:
 * the best supported first, its dips then taken out.
 */
function fitCreases(dips: Dip[], strips: readonly Strip[], horizontal: boolean): Crease[] {
  const creases: Crease[] = [];
  let left = dips;
  while (creases.length < MAX_CREASES) {
    let best: Dip[] = [];
    for (let p = 0; p < left.length; p++) {
      for (let q = p + 1; q < left.length; q++) {
        const [d, e] = [left[p]!, left[q]!];
        // Within MAX_SLOPE a crease runs along one line of boxes for longer than a page is wide: most of the gaps it
        // crosses, three at least, are that line's, so the pairs that place it come from one line.
        if (d.line !== e.line || d.strip === e.strip) continue;
        const slope = (e.along - d.along) / (e.across - d.across);
        if (Math.abs(slope) > MAX_SLOPE) continue;
        const on = onLine(left, d.along - slope * d.across, slope);
        if (on.length > best.length) best = on;
      }
    }
    if (best.length < MIN_STRIPS) break;
    const { offset, slope } = leastSquares(best);
    const crossed = strips.filter((s) => {
      const along = offset + slope * s.across;
      return along >= s.lo && along <= s.hi;
    }).length;
    const on = onLine(left, offset, slope);
    if (on.length < MIN_STRIPS || on.length < MIN_SHARE * crossed) break;
    // A Gaussian is 2.3548 of its sigma wide at half its depth.
    const sigmaMm = median(on.map((d) => d.width)) / 2.3548;
    const depths = on.map((d) => ({ across: d.across, depth: d.depth })).sort((a, b) => a.across - b.across);
    creases.push({ horizontal, offset, slope, sigmaMm, depths });
    left = left.filter((d) => !on.includes(d));
  }
  return creases;
}

/** The dips on the line `along = offset + slope · across`, the nearest one a strip. */
function onLine(dips: readonly Dip[], offset: number, slope: number): Dip[] {
  const nearest = new Map<number, Dip>();
  for (const d of dips) {
    const off = Math.abs(d.along - offset - slope * d.across);
    if (off > ON_LINE_MM) continue;
    const known = nearest.get(d.strip);
    if (!known || off < Math.abs(known.along - offset - slope * known.across)) nearest.set(d.strip, d);
  }
  return [...nearest.values()];
}

function leastSquares(dips: readonly Dip[]): { offset: number; slope: number } {
  const n = dips.length;
  const mx = dips.reduce((s, d) => s + d.across, 0) / n;
  const my = dips.reduce((s, d) => s + d.along, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const d of dips) {
    sxx += (d.across - mx) ** 2;
    sxy += (d.across - mx) * (d.along - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { offset: my - slope * mx, slope };
}

/**
 * Gives back the light a crease's shade took from a cut region (in place): each pixel is divided by the share of
 * light the crease left there, so paper under it is paper again and ink crossing it keeps its own depth.
 */
export function removeCreases(cut: CellImage, creases: readonly Crease[]) {
  const { width, height, data, originX, originY, pxPerMm } = cut;
  for (const crease of creases) {
    const reach = 3 * crease.sigmaMm;
    const twoSigma2 = 2 * crease.sigmaMm * crease.sigmaMm;
    for (let row = 0; row < height; row++) {
      const y = originY + (row + 0.5) / pxPerMm;
      for (let col = 0; col < width; col++) {
        const x = originX + (col + 0.5) / pxPerMm;
        const [across, along] = crease.horizontal ? [x, y] : [y, x];
        const d = along - crease.offset - crease.slope * across;
        if (Math.abs(d) > reach) continue;
        const kept = 1 - depthAt(crease.depths, across) * Math.exp((-d * d) / twoSigma2);
        data[row * width + col]! /= kept;
      }
    }
  }
}

/** A crease's depth at `across`, interpolated between its measured points (the nearest beyond its ends). */
function depthAt(depths: Crease["depths"], across: number): number {
  const first = depths[0]!;
  const last = depths.at(-1)!;
  if (across <= first.across) return first.depth;
  if (across >= last.across) return last.depth;
  let k = 0;
  while (depths[k + 1]!.across < across) k++;
  const [a, b] = [depths[k]!, depths[k + 1]!];
  return a.depth + ((b.depth - a.depth) * (across - a.across)) / (b.across - a.across);
}

/**
 * The median of `values` (finite numbers) over a window `reach` either side of each point (clipped at the ends), kept
 * sorted as the window slides: each step takes one value out and puts one in.
 */
export function slidingMedian(values: Float64Array, reach: number): Float64Array {
  const out = new Float64Array(values.length);
  const sorted = new Float64Array(2 * reach + 1);
  let size = 0;
  const insert = (value: number) => {
    let k = size++;
    while (k > 0 && sorted[k - 1]! > value) {
      sorted[k] = sorted[k - 1]!;
      k--;
    }
    sorted[k] = value;
  };
  const remove = (value: number) => {
    let k = 0;
    while (k + 1 < size && sorted[k] !== value) k++;
    size--;
    sorted.copyWithin(k, k + 1, size + 1);
  };
  for (let j = 0; j < Math.min(reach, values.length); j++) insert(values[j]!);
  for (let j = 0; j < values.length; j++) {
    if (j - reach - 1 >= 0) remove(values[j - reach - 1]!);
    if (j + reach < values.length) insert(values[j + reach]!);
    out[j] = sorted[size >> 1]!;
  }
  return out;
}

function median(values: number[]): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
