import type { LayoutCell } from "../template/layout-types.ts";
import { pagePoint } from "../units.ts";
import { type CellImage, sampleGrid } from "./cut-cells.ts";
import { type Homography, invertHomography, localScale, pageToScan } from "./homography.ts";
import type { GreyImage } from "./images.ts";

/**
 * The crease a fold left across the page, or a scanner's streak (dust on its glass seen in every line), in the pixels
 * of the picture it was found in: its middle as a line through
 * points in order along it, how deep its shade is at each (the share of light it takes on the line), and its spread,
 * a Gaussian's deviation. It is found and measured where it crosses the gaps between boxes, and held in the picture's
 * own pixels so that every box's map onto the picture places it alike.
 */
export type Crease = {
  points: { x: number; y: number; depth: number }[];
  sigma: number;
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
/** How far into the page's margins beyond the outer boxes a strip reaches (mm): beside the rows, above and below. */
const SIDE_MARGIN_STRIP_MM = 4;
const END_MARGIN_STRIP_MM = 2;
/** The paper's level around a point of a strip's profile: the median over this far either side (mm). */
const PAPER_WINDOW_MM = 2;
/**
 * A dip in a strip's profile counts when it is this many times the profile's own noise deep, and not less than
 * MIN_DEPTH. No crease takes more than MAX_DEPTH of the light: deeper is ink or print.
 */
const DIP_NOISES = 5;
const MIN_DEPTH = 0.02;
const MAX_DEPTH = 0.8;
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
const MIN_SHARE = 0.5;
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
 * Finds the creases of a page folded and opened again, and a scanner's streaks: thin lines of shade running straight
 * across the page through boxes and the gaps between them alike. They are looked for in the gaps, where nothing is printed or written: a
 * horizontal crease dips the light at the same height (give or take its slope) in most gaps between the boxes of a
 * row, and a vertical one in most gaps between rows. `boxH` is each cell's map onto `source`.
 */
export function findCreases(source: GreyImage, boxH: readonly Homography[], cells: readonly LayoutCell[]): Crease[] {
  return [true, false].flatMap((horizontal) => {
    const strips = gapStrips(boxH, cells, horizontal);
    const dips = strips.flatMap((strip, index) => stripDips(source, strip, horizontal, index));
    return fitCreases(dips, strips).flatMap((line) => measureCrease(source, strips, line, horizontal) ?? []);
  });
}

/**
 * The strips a crease of one direction crosses: for a horizontal crease, the gaps between neighbouring boxes of a row
 * and the margins beside a row's outer boxes; for a vertical one, the gaps between a box and the one below it, and
 * the paper above a column's first box and below its last.
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
    // Beside the outer boxes too, so that a crease is measured on both sides of every box it crosses (its depth
    // varies along it): the page's side margins are clear, while above the first row and below the last only a
    // narrower strip is, short of the QR code and the footer.
    const margin = horizontal ? SIDE_MARGIN_STRIP_MM : END_MARGIN_STRIP_MM;
    const first = u(cells[sorted[0]!]!);
    strip(sorted[0]!, first.start - margin, first.start);
    for (let k = 0; k + 1 < sorted.length; k++) {
      const left = u(cells[sorted[k]!]!);
      strip(sorted[k]!, left.start + left.size, u(cells[sorted[k + 1]!]!).start);
    }
    const last = u(cells[sorted.at(-1)!]!);
    strip(sorted.at(-1)!, last.start + last.size, last.start + last.size + margin);
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
      const [shallow, deeper] = [1 - ratio[outside]!, 1 - ratio[inside]!];
      return outside + ((inside - outside) * (depth / 2 - shallow)) / (deeper - shallow);
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

/** A crease's line as the gaps' profiles place it, in page mm, and the dips on it. */
type CreaseLine = { offset: number; slope: number; on: Dip[] };

/**
 * Lines through the dips of different strips, no steeper than a fold can be, that half the strips they cross or more
 * dip on: the best supported first, its dips then taken out.
 */
function fitCreases(dips: Dip[], strips: readonly Strip[]): CreaseLine[] {
  const lines: CreaseLine[] = [];
  let left = dips;
  while (lines.length < MAX_CREASES) {
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
    lines.push({ offset, slope, on });
    left = left.filter((d) => !on.includes(d));
  }
  return lines;
}

/** A crease's shade is taken out to this many of its deviations from its line (a ten-thousandth of its depth). */
const REACH_SIGMAS = 4.3;
/** How far past the outermost gaps measured a crease is taken to run on (mm): into the margins and beyond. */
const RUNS_ON_MM = 40;
/** The spreads tried for a crease, in page mm (a tenth more each step). */
const SPREADS_MM = Array.from({ length: 36 }, (_, i) => 0.02 * 1.1 ** i);

/**
 * Measures a crease where it crosses each gap, pixel by pixel in the picture (a line a pixel or two wide is lost
 * between samples taken anywhere else): its middle (the centroid of the light it takes), its depth and one spread
 * for all of it, the Gaussian that best fits the light every pixel near it kept against the paper beside it.
 */
function measureCrease(
  source: GreyImage,
  strips: readonly Strip[],
  line: CreaseLine,
  horizontal: boolean,
): Crease | undefined {
  const alongAt = (across: number) => line.offset + line.slope * across;
  // A Gaussian is 2.3548 of its sigma wide at half its depth; the window holds the crease and paper either side.
  const reach = Math.max(0.6, (4 * median(line.on.map((d) => d.width))) / 2.3548);
  const page = (across: number, along: number) => (horizontal ? pagePoint(across, along) : pagePoint(along, across));
  const crossings = line.on
    .map((dip) => pixelsAround(source, strips[dip.strip]!, dip.strip, alongAt, reach, page, horizontal))
    .filter((c) => c !== undefined)
    .sort((a, b) => a.across - b.across);
  if (crossings.length < MIN_STRIPS) return undefined;
  let best = { residual: Infinity, sigma: 0 };
  for (const sigma of SPREADS_MM) {
    const residual = crossings.reduce((sum, c) => sum + fitDepth(c.samples, sigma).residual, 0);
    if (residual < best.residual) best = { residual, sigma };
  }
  const points = crossings.map((c) => {
    const middle = strips[c.strip]!.h;
    const at = pageToScan(middle, page(c.across, alongAt(c.across) + c.centre));
    return { x: at.x, y: at.y, depth: Math.min(MAX_DEPTH, fitDepth(c.samples, best.sigma).depth) };
  });
  // In pixels, the spread as the middle crossing's map scales it.
  const middle = crossings[crossings.length >> 1]!;
  const scale = localScale(strips[middle.strip]!.h, page(middle.across, alongAt(middle.across)));
  // The line runs on past its outermost crossings, at their depths.
  const [first, second] = [points[0]!, points[1]!];
  const [last, before] = [points.at(-1)!, points.at(-2)!];
  const onwards = (from: { x: number; y: number; depth: number }, towards: { x: number; y: number }) => {
    const length = Math.hypot(from.x - towards.x, from.y - towards.y) || 1;
    const k = (RUNS_ON_MM * scale) / length;
    return { x: from.x + (from.x - towards.x) * k, y: from.y + (from.y - towards.y) * k, depth: from.depth };
  };
  return { points: [onwards(first, second), ...points, onwards(last, before)], sigma: best.sigma * scale };
}

/** The most pixels a crossing is measured on (a 2 × 2 mm window at 1200 dpi holds about 9 000). */
const MAX_WINDOW_PIXELS = 40_000;

/** The pixels near a crease where it crosses a strip: their distance from its line (mm) and the light they kept. */
type Crossing = { strip: number; across: number; centre: number; samples: { d: number; kept: number }[] };

function pixelsAround(
  source: GreyImage,
  strip: Strip,
  index: number,
  alongAt: (across: number) => number,
  reach: number,
  page: (across: number, along: number) => { x: number; y: number },
  horizontal: boolean,
): Crossing | undefined {
  const corners = [
    page(strip.from, alongAt(strip.from) - reach),
    page(strip.to, alongAt(strip.to) - reach),
    page(strip.from, alongAt(strip.from) + reach),
    page(strip.to, alongAt(strip.to) + reach),
  ].map((p) => pageToScan(strip.h, pagePoint(p.x, p.y)));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const x1 = Math.min(source.width - 1, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const y1 = Math.min(source.height - 1, Math.ceil(Math.max(...corners.map((c) => c.y))));
  // A window a couple of millimetres wide holds a few hundred pixels; a map gone wild could make it the whole picture.
  if (!(x1 > x0 && y1 > y0) || (x1 - x0) * (y1 - y0) > MAX_WINDOW_PIXELS) return undefined;
  const back = invertHomography(strip.h);
  const near: { d: number; value: number }[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = pageToScan(back, pagePoint(x, y));
      const [across, along] = horizontal ? [p.x, p.y] : [p.y, p.x];
      if (across < strip.from || across > strip.to) continue;
      const d = along - alongAt(across);
      if (Math.abs(d) <= reach) near.push({ d, value: source.data[y * source.width + x]! });
    }
  }
  // The paper is what lies in the window's outer half.
  const paper = median(near.filter((n) => Math.abs(n.d) > reach / 2).map((n) => n.value));
  if (!(paper > 0)) return undefined;
  const samples = near.map((n) => ({ d: n.d, kept: n.value / paper }));
  // Its middle: where the light it took lies, weighed by how much.
  let weight = 0;
  let moment = 0;
  for (const { d, kept } of samples) {
    if (Math.abs(d) > reach / 2 || kept >= 1) continue;
    weight += 1 - kept;
    moment += (1 - kept) * d;
  }
  if (weight === 0) return undefined;
  const centre = moment / weight;
  return {
    strip: index,
    across: (strip.from + strip.to) / 2,
    centre,
    samples: samples.map((s) => ({ d: s.d - centre, kept: s.kept })),
  };
}

/** The depth of a Gaussian shade of `sigma` (mm) that best fits the samples (least squares), and what is left. */
function fitDepth(samples: readonly { d: number; kept: number }[], sigma: number): { depth: number; residual: number } {
  let gg = 0;
  let tg = 0;
  const twoSigma2 = 2 * sigma * sigma;
  for (const { d, kept } of samples) {
    const g = Math.exp((-d * d) / twoSigma2);
    gg += g * g;
    tg += (1 - kept) * g;
  }
  const depth = gg > 0 ? Math.max(0, tg / gg) : 0;
  let residual = 0;
  for (const { d, kept } of samples) {
    const miss = 1 - kept - depth * Math.exp((-d * d) / twoSigma2);
    residual += miss * miss;
  }
  return { depth, residual };
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
 * Gives back the light the creases' shade took from a region cut from `scan` through `h` (as cutRegion cut it, in
 * place): each pixel of the cut near a crease is sampled again from the picture's pixels, each divided by the share of
 * light the creases left it, so paper under a crease is paper again and ink crossing it keeps its own depth.
 */
export function removeCreases(cut: CellImage, creases: readonly Crease[], scan: GreyImage, h: Homography) {
  const { width, height, data, originX, originY, pxPerMm } = cut;
  const step = 1 / pxPerMm;
  const at = (col: number, row: number) =>
    pageToScan(h, pagePoint(originX + (col + 0.5) * step, originY + (row + 0.5) * step));
  const corners = [at(0, 0), at(width - 1, 0), at(0, height - 1), at(width - 1, height - 1)];
  const [left, right] = [Math.min(...corners.map((c) => c.x)), Math.max(...corners.map((c) => c.x))];
  const [top, bottom] = [Math.min(...corners.map((c) => c.y)), Math.max(...corners.map((c) => c.y))];
  // Only the parts of each crease that pass near the cut, as lines of two points.
  const near: Crease[] = [];
  for (const crease of creases) {
    const reach = REACH_SIGMAS * crease.sigma + 2;
    crease.points.forEach((p, k) => {
      const q = crease.points[k + 1];
      if (!q) return;
      const overlaps =
        Math.max(p.x, q.x) + reach >= left &&
        Math.min(p.x, q.x) - reach <= right &&
        Math.max(p.y, q.y) + reach >= top &&
        Math.min(p.y, q.y) - reach <= bottom;
      if (overlaps) near.push({ points: [p, q], sigma: crease.sigma });
    });
  }
  if (near.length === 0) return;
  // The share of light the creases left a pixel of the picture: each crease counted once, by its nearest part.
  const keptAt = (x: number, y: number) => {
    let kept = 1;
    for (const part of near) {
      const { distance, depth } = nearestOnLine(part.points, x, y);
      if (distance < REACH_SIGMAS * part.sigma)
        kept *= 1 - depth * Math.exp((-distance * distance) / (2 * part.sigma ** 2));
    }
    return kept;
  };
  const farthest = Math.max(...near.map((part) => REACH_SIGMAS * part.sigma)) + 1.5;
  const src = scan.data;
  const sw = scan.width;
  const maxX = scan.width - 1;
  const maxY = scan.height - 1;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      // Where sampleGrid took this pixel from, and its four neighbours there.
      const p = at(col, row);
      const x = Math.min(maxX, Math.max(0, p.x));
      const y = Math.min(maxY, Math.max(0, p.y));
      if (near.every((part) => nearestOnLine(part.points, x, y).distance > farthest)) continue;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = Math.min(maxX, x0 + 1);
      const y1 = Math.min(maxY, y0 + 1);
      const [fx, fy] = [x - x0, y - y0];
      const a = src[y0 * sw + x0]! / keptAt(x0, y0);
      const b = src[y0 * sw + x1]! / keptAt(x1, y0);
      const c = src[y1 * sw + x0]! / keptAt(x0, y1);
      const d = src[y1 * sw + x1]! / keptAt(x1, y1);
      const upper = a + (b - a) * fx;
      const lower = c + (d - c) * fx;
      data[row * width + col] = upper + (lower - upper) * fy;
    }
  }
}

/** The distance (pixels) from a point to a crease's line, and the crease's depth at the nearest point of it. */
function nearestOnLine(points: Crease["points"], x: number, y: number): { distance: number; depth: number } {
  let best = { distance: Infinity, depth: 0 };
  for (let k = 0; k + 1 < points.length; k++) {
    const [p, q] = [points[k]!, points[k + 1]!];
    const [dx, dy] = [q.x - p.x, q.y - p.y];
    const length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.min(1, Math.max(0, ((x - p.x) * dx + (y - p.y) * dy) / length2)) : 0;
    const distance = Math.hypot(x - p.x - t * dx, y - p.y - t * dy);
    if (distance < best.distance) best = { distance, depth: p.depth + (q.depth - p.depth) * t };
  }
  return best;
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
