import { type ScanWarning, scanWarning } from "../errors.ts";
import type { BoxMm, Layout, LayoutCell } from "../template/layout-types.ts";
import { CELL_GAP_RATIO } from "../template/page-geometry.ts";
import type { CellMask } from "./binarize-cell.ts";
import { type CleanedCell, NOISE_MM2, SPECK_MM2 } from "./clean-cell.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { type Components, labelComponents } from "./label-components.ts";
import { hangsBelow, takesMarkAbove } from "./written-forms.ts";

/** A rectangle of mask pixels, end-exclusive. */
type PixelRect = { x0: number; y0: number; x1: number; y1: number };

/** What lies around a page's boxes: every box of the page, and the part of the page ink may be followed into. */
export type Surroundings = {
  cells: readonly LayoutCell[];
  /** The page without its header (QR code, markers, title) and footer markers: nothing printed dark there. */
  area: BoxMm;
  /** Where the guides are printed across every box, in ems above its baseline (none when they are not printed). */
  guidesEm: readonly number[];
  /** Those of them printed dashed (the x-height). */
  dashedEm: readonly number[];
};

/** How far beyond its box a letter's ink is followed, in ems of the cell: past a long descender's tail. */
export const FOLLOW_EM = 0.6;
/**
 * Where a box's own letter lies (its core), in ems from the baseline and from the box's sides: between a tall
 * capital's top and a long descender's foot, away from the sides. Ink outside the core is the box's free space,
 * where a neighbour's descender, accent or wide stroke may run without being taken for this box's letter.
 */
export const CORE_TOP_EM = 0.8;
export const CORE_BOTTOM_EM = 0.3;
export const CORE_SIDE_EM = 0.2;
/** Half the width of the band around a printed box border where it may read as ink (mm). */
const BORDER_BAND_MM = 0.35;
/** A run of ink along a border's band this long (mm) is the border itself, not a stroke crossing it. */
const BORDER_RUN_MM = 2;
/** Ink past the printed border by more than this (mm) has left its box. */
const CROSSED_MM = 0.25;
/** A blob is a box's letter when it holds most of the box's core ink, and at least this much (mm²). */
const TOUCH_MM2 = 1;
/**
 * Where a box's low band starts under its baseline (ems; see lowBand): the box below reads FOLLOW_EM over its own top,
 * which reaches 0.08 em under this baseline with the template's proportions (a box 1.6 em tall, its baseline 0.52 em
 * over its foot, 0.16 em of gap).
 */
const LOW_BAND_EM = 0.15;
/** How far from a letter (ems) a mark outside every core (an accent, a dot) is still taken as that letter's. */
const MARK_REACH_EM = 0.35;
/**
 * How much farther (ems) a letter's ink outside its own box lies from a mark than it seems. A mark is written over or
 * under its letter's body, which lies in the letter's box; a neighbour's descender or tail that ran into this box and
 * ends beside the mark (a В's tail above a Й's breve) is not what the mark belongs to.
 */
const MARK_TAIL_EM = 0.1;

/** The page's boxes and the area below its header and above its bottom markers, as `followInk` needs them. */
export function surroundingsOf(layout: Layout, page: number): Surroundings {
  const [topLeft, topRight, bottomRight, bottomLeft] = layout.markers.centers;
  const half = layout.markers.sizeMm / 2;
  const top = Math.max(layout.qr.y + layout.qr.height, topLeft.y + half, topRight.y + half) + 1;
  const bottom = Math.min(bottomLeft.y - half, bottomRight.y - half) - 1;
  const { printed, capHeight, xHeight, descender } = layout.guides;
  return {
    cells: layout.cells.filter((c) => c.page === page),
    area: { x: 0, y: top, width: layout.paper.widthMm, height: bottom - top },
    guidesEm: printed ? [capHeight, xHeight, 0, descender].map((units) => units / layout.unitsPerEm) : [],
    // The template prints the x-height guide dashed (renderTemplatePdf).
    dashedEm: printed ? [xHeight / layout.unitsPerEm] : [],
  };
}

/** The part of the page read around a box whose ink runs off its cut: the box widened by FOLLOW_EM, on the page. */
export function followRegion(cell: LayoutCell, surroundings: Surroundings): BoxMm {
  const by = FOLLOW_EM * cell.emMm;
  const { area } = surroundings;
  const x0 = Math.max(area.x, cell.box.x - by);
  const y0 = Math.max(area.y, cell.box.y - by);
  const x1 = Math.min(area.x + area.width, cell.box.x + cell.box.width + by);
  const y1 = Math.min(area.y + area.height, cell.box.y + cell.box.height + by);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Step between the points sampled around a box (mm). */
const AROUND_STEP_MM = 0.25;

/**
 * Whether ink lies around a box, between the cut read first (`inner`) and the far side of the gap to the next
 * boxes: a mark or a stroke that never reaches the cut, like an accent written above a capital. `level` is
 * the grey level below which a pixel is ink. Samples the scan directly, every AROUND_STEP_MM, so it costs
 * little.
 */
export function inkAroundBox(scan: GreyImage, h: Homography, box: BoxMm, inner: BoxMm, level: number): boolean {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const around = CELL_GAP_RATIO * box.height;
  const x0 = box.x - around;
  const x1 = box.x + box.width + around;
  const y1 = box.y + box.height + around;
  let dark = 0;
  for (let y = box.y - around; y <= y1; y += AROUND_STEP_MM) {
    const band = y > inner.y && y < inner.y + inner.height;
    for (let x = x0; x <= x1; x += AROUND_STEP_MM) {
      // Within the cut's rows only the strips left and right of it are around the box.
      if (band && x > inner.x && x < inner.x + inner.width) x = inner.x + inner.width;
      const w = g * x + k * y + l;
      const px = Math.round((a * x + b * y + c) / w);
      const py = Math.round((d * x + e * y + f) / w);
      if (px < 0 || py < 0 || px >= scan.width || py >= scan.height) continue;
      // Two dark points: one could be noise.
      if (scan.data[py * scan.width + px]! < level && ++dark >= 2) return true;
    }
  }
  return false;
}

export type FollowOptions = {
  /** The cut of the box read first (page mm): a letter's blob counts only if it has ink there. */
  inner: BoxMm;
  noiseMm2?: number;
  speckMm2?: number;
};

/**
 * Keeps the ink of a box's letter in a region cut wider than the box (see followRegion), following it past
 * the box edge into the margin, the gaps and the neighbours' free space. Each blob with ink in the box's cut is
 * judged by where its mass lies in the boxes' cores: a blob held by a neighbour's core is the neighbour's
 * stroke and is trimmed; one held by this box's core is this letter and is kept whole (a box's letter is the
 * blob holding most of its core's ink). A blob no core holds
 * (an accent, a dot, a mark written above the box) goes to the nearest letter within MARK_REACH_EM (nearest as
 * marks stand: over or under their letter's body, see nearestLetter) unless that letter is written with nothing over
 * it and the blob hangs under a box whose character reaches below its baseline (see hangingOwner), else to the box
 * holding most of it, else, when it reaches the box's cut, to this box. When a neighbour's letter and
 * this one touch (one blob is both letters) the blob is split: each core keeps its own ink, and
 * the ink between is given to the upper box (then the left one), since a letter runs down into the box below
 * far more often than up into the box above.
 * Printed box borders in the region are cleared first, except where a stroke crosses them.
 * The returned mask covers the whole region.
 */
export function followInk(
  binary: CellMask,
  region: BoxMm,
  pxPerMm: number,
  cell: LayoutCell,
  surroundings: Surroundings,
  options: FollowOptions,
): CleanedCell {
  const { width, height } = binary;
  const rect = (box: BoxMm): PixelRect => ({
    x0: clamp(Math.round((box.x - region.x) * pxPerMm), 0, width),
    y0: clamp(Math.round((box.y - region.y) * pxPerMm), 0, height),
    x1: clamp(Math.round((box.x + box.width - region.x) * pxPerMm), 0, width),
    y1: clamp(Math.round((box.y + box.height - region.y) * pxPerMm), 0, height),
  });
  const neighbours = surroundings.cells.filter((c) => c !== cell && overlaps(c.box, region));
  const boxes = [cell, ...neighbours];
  const mask = Uint8Array.from(binary.mask);
  for (const c of boxes) clearBorder(mask, width, height, c.box, region, pxPerMm);

  const parts = labelComponents(mask, width, height);
  const count = parts.count;
  const inner = rect(options.inner);
  const innerMass = massIn(parts.labels, width, inner, count);
  const cores = boxes.map((c) => rect(core(c)));
  const coreMass = cores.map((r) => massIn(parts.labels, width, r, count));
  const boxRects = boxes.map((c) => rect(c.box));
  const beyond = runsOffInto(parts.labels, width, height, boxRects, count);

  const mm2 = pxPerMm * pxPerMm;
  // A faint box's pieces were judged by the length of the stroke they belong to (see CellMask.faint).
  const noise = binary.faint ? 0 : (options.noiseMm2 ?? NOISE_MM2) * mm2;
  const speck = binary.faint ? 0 : (options.speckMm2 ?? SPECK_MM2) * mm2;
  const touch = TOUCH_MM2 * mm2;
  let largest = 0;
  for (let l = 1; l <= count; l++) largest = Math.max(largest, innerMass[l]!);

  const boxMass = boxRects.map((r) => massIn(parts.labels, width, r, count));
  const letterBlob = coreMass.map((mass) => mass.reduce((best, m, l) => (m > mass[best]! ? l : best), 0));
  let nearest: Nearest | undefined;
  const reach = Math.round(MARK_REACH_EM * cell.emMm * pxPerMm);
  const keep = new Uint8Array(count + 1);
  const split: number[] = [];
  let trimmed = 0;
  let specks = 0;
  for (let l = 1; l <= count; l++) {
    const own = innerMass[l]!;
    const area = parts.area[l]!;
    if (area < noise) continue;
    const ours = coreMass[0]![l]!;
    let theirs = 0;
    for (let k = 1; k < boxes.length; k++) theirs = Math.max(theirs, coreMass[k]![l]!);
    if (ours === 0 && theirs === 0) {
      // No letter's core holds it (an accent, a dot, a mark past the edge, a "_" written low): the nearest letter
      // takes it unless it hangs from the box above (see hangingOwner), or else the box holding most of it.
      nearest ??= nearestLetter(parts.labels, width, height, letterOf(coreMass, count), boxRects, {
        reach,
        tail: Math.round(MARK_TAIL_EM * cell.emMm * pxPerMm),
      });
      let owner = nearestOf(parts.labels, width, nearest, l, parts);
      if (owner >= 0 && area >= speck) {
        const blob = { x0: parts.minX[l]!, y0: parts.minY[l]!, x1: parts.maxX[l]! + 1, y1: parts.maxY[l]! + 1 };
        // Ink mostly in the letter's box is the letter's own, crossed out of it (a capital's bar written apart, above
        // its stem), unless the box above has nothing of its own hanging under its baseline.
        const mostlyOut = 2 * boxMass[owner]![l]! < area;
        const hangsNothing = (k: number) =>
          massIn(parts.labels, width, rect(lowBand(boxes[k]!)), count).every((m) => !m);
        owner = hangingOwner(
          owner,
          blob,
          boxes,
          boxRects,
          (c) => (c.baselineY - region.y) * pxPerMm,
          (k) => mostlyOut || hangsNothing(k),
        );
      }
      if (owner < 0) owner = boxMass.findIndex((mass) => 2 * mass[l]! > area);
      if (owner === 0 || (owner < 0 && own > 0)) {
        if (own === area && own < speck && own < 0.05 * largest) specks++;
        else keep[l] = 1;
      } else if (own > 0) trimmed++;
      continue;
    }
    if (own === 0) continue;
    // A box's letter is the blob holding most of its core's ink. A blob that is this letter and a neighbour's
    // is two letters touching; one that is only a neighbour's, or runs off the region into a neighbour's box
    // (on into its letter, unseen) without being this letter, is the neighbour's stroke.
    const holds = (k: number) => letterBlob[k] === l && coreMass[k]![l]! >= touch;
    const ourLetter = holds(0);
    const theirLetter = boxes.some((_, k) => k > 0 && holds(k));
    if (ourLetter && theirLetter) {
      split.push(l);
      continue;
    }
    if (theirLetter || (!ourLetter && (theirs > ours || beyond[l]! > 0))) {
      trimmed++;
      continue;
    }
    if (own === area && own < speck && own < 0.05 * largest) {
      specks++;
      continue;
    }
    keep[l] = 1;
  }

  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) if (keep[parts.labels[i]!]) out[i] = 1;
  if (split.length > 0) splitTouching(out, parts.labels, width, height, split, boxes, cores);

  const box = rect(cell.box);
  const past = Math.round(CROSSED_MM * pxPerMm);
  let ink = 0;
  let crossed = false;
  let cut = false;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!out[y * width + x]) continue;
      ink++;
      if (x < box.x0 - past || x >= box.x1 + past || y < box.y0 - past || y >= box.y1 + past) crossed = true;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) cut = true;
    }
  }
  const warnings: ScanWarning[] = [];
  if (trimmed > 0 || split.length > 0) warnings.push(scanWarning("STROKE_TRIMMED"));
  if (crossed) warnings.push(scanWarning("CROSSED_BOX"));
  if (cut) warnings.push(scanWarning("TOUCHES_BORDER"));
  if (specks > 0) warnings.push(scanWarning("SPECKS_REMOVED"));
  return { mask: out, width, height, empty: ink === 0, warnings, needsContext: false };
}

type Nearest = { owner: Int8Array; distance: Uint16Array };

/** Per component, the box whose core holds most of it (−1 for none): the letter it is part of. */
function letterOf(coreMass: Int32Array[], count: number): Int8Array {
  const letter = new Int8Array(count + 1).fill(-1);
  for (let l = 1; l <= count; l++) {
    let most = 0;
    for (const [k, mass] of coreMass.entries()) {
      if (mass[l]! > most) {
        most = mass[l]!;
        letter[l] = k;
      }
    }
  }
  return letter;
}

/**
 * For every pixel, which box's letter (`letter` per component label) lies nearest, within `reach` (−1 where none
 * does), and how far. Marks stand over or under their letter, seldom beside it: a step across counts twice a step
 * up or down (a breve in the gap between two rows goes with the letter under it, not with the descender of the one
 * above that ends beside it). A letter's pixels outside its own box (`boxes[k]`) start `tail` late (MARK_TAIL_EM).
 * A flood from all letters at once, in order of distance.
 */
function nearestLetter(
  labels: Int32Array,
  width: number,
  height: number,
  letter: Int8Array,
  boxes: readonly PixelRect[],
  { reach, tail }: { reach: number; tail: number },
): Nearest {
  const n = width * height;
  const owner = new Int8Array(n).fill(-1);
  const distance = new Uint16Array(n).fill(0xffff);
  // A step costs 1 or 2, so three queues in turn hold the pixels at distance d, d + 1 and d + 2; a pixel enters a
  // distance's queue at most once (only a strictly shorter way moves it), so each fits the picture.
  const queues = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  const sizes = [0, 0, 0];
  const late: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = letter[labels[i]!]!;
    if (!labels[i] || k < 0) continue;
    const x = i % width;
    const y = (i - x) / width;
    const r = boxes[k]!;
    if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) {
      owner[i] = k;
      distance[i] = 0;
      queues[0]![sizes[0]!++] = i;
    } else late.push(i);
  }
  for (let d = 0; d < reach; d++) {
    if (d === tail) {
      // Ink outside its letter's box starts here, where no letter's own ink came nearer.
      for (const i of late) {
        if (distance[i]! <= d) continue;
        owner[i] = letter[labels[i]!]!;
        distance[i] = d;
        queues[d % 3]![sizes[d % 3]!++] = i;
      }
    }
    const queue = queues[d % 3]!;
    for (let q = 0; q < sizes[d % 3]!; q++) {
      const i = queue[q]!;
      if (distance[i] !== d) continue;
      const x = i % width;
      const y = (i - x) / width;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(height - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(width - 1, x + 1); xx++) {
          const j = yy * width + xx;
          const next = d + (xx === x ? 1 : 2);
          if (next > reach || next >= distance[j]!) continue;
          owner[j] = owner[i]!;
          distance[j] = next;
          queues[next % 3]![sizes[next % 3]!++] = j;
        }
      }
    }
    sizes[d % 3] = 0;
  }
  return { owner, distance };
}

/**
 * Whose a blob outside every core is when its nearest letter (`letter`, an index of `boxes`) would take it as a mark
 * over itself but is written with nothing over it: the nearest box above the blob whose character hangs below its
 * baseline and which may have it (`may`), if the blob lies below that baseline and over the letter's box (a thick "_"
 * written low, through the gap and into the box of a "*" below; a descender's lifted tail over a capital). Otherwise
 * the letter's. (Rects are the boxes' in the region's pixels.)
 */
function hangingOwner(
  letter: number,
  blob: PixelRect,
  boxes: readonly LayoutCell[],
  rects: readonly PixelRect[],
  baselinePx: (cell: LayoutCell) => number,
  may: (k: number) => boolean,
): number {
  const under = rects[letter]!;
  if (blob.y0 + blob.y1 >= under.y0 + under.y1 || takesMarkAbove(boxes[letter]!.chars)) return letter;
  let owner = letter;
  for (const [k, r] of rects.entries()) {
    if (k === letter || r.y1 <= 0 || r.y1 > under.y0 || r.x1 <= blob.x0 || r.x0 >= blob.x1) continue;
    if (blob.y0 < baselinePx(boxes[k]!) || !hangsBelow(boxes[k]!.chars) || !may(k)) continue;
    if (owner === letter || r.y1 > rects[owner]!.y1) owner = k;
  }
  return owner;
}

/** The box whose letter comes nearest to component `l` (−1 when none is within reach). */
function nearestOf(labels: Int32Array, width: number, nearest: Nearest, l: number, parts: Components): number {
  let best = -1;
  let closest = Number.POSITIVE_INFINITY;
  for (let y = parts.minY[l]!; y <= parts.maxY[l]!; y++) {
    for (let x = parts.minX[l]!; x <= parts.maxX[l]!; x++) {
      const i = y * width + x;
      if (labels[i] === l && nearest.owner[i]! >= 0 && nearest.distance[i]! < closest) {
        closest = nearest.distance[i]!;
        best = nearest.owner[i]!;
      }
    }
  }
  return best;
}

/**
 * The part of a box's core under its baseline that the wider cuts of the boxes around it see too (from LOW_BAND_EM
 * under the baseline to the core's foot), where what hangs under the box's letter lies: the boxes must judge alike
 * whether anything of the letter hangs there.
 */
function lowBand(cell: LayoutCell): BoxMm {
  const side = CORE_SIDE_EM * cell.emMm;
  const top = cell.baselineY + LOW_BAND_EM * cell.emMm;
  const bottom = Math.min(cell.box.y + cell.box.height, cell.baselineY + CORE_BOTTOM_EM * cell.emMm);
  return {
    x: cell.box.x + side,
    y: top,
    width: Math.max(0, cell.box.width - 2 * side),
    height: Math.max(0, bottom - top),
  };
}

/** Where a box's own letter lies (see CORE_TOP_EM). */
function core(cell: LayoutCell): BoxMm {
  const side = CORE_SIDE_EM * cell.emMm;
  const top = Math.max(cell.box.y, cell.baselineY - CORE_TOP_EM * cell.emMm);
  const bottom = Math.min(cell.box.y + cell.box.height, cell.baselineY + CORE_BOTTOM_EM * cell.emMm);
  return { x: cell.box.x + side, y: top, width: Math.max(0, cell.box.width - 2 * side), height: bottom - top };
}

/** Per component, its pixels on the region's edge inside a neighbour's box (`boxes[0]` is the box read). */
function runsOffInto(labels: Int32Array, width: number, height: number, boxes: PixelRect[], count: number): Int32Array {
  const out = new Int32Array(count + 1);
  const visit = (x: number, y: number) => {
    const l = labels[y * width + x]!;
    if (!l) return;
    for (let k = 1; k < boxes.length; k++) {
      const r = boxes[k]!;
      if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) out[l]!++;
    }
  };
  for (let x = 0; x < width; x++) {
    visit(x, 0);
    visit(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(0, y);
    visit(width - 1, y);
  }
  return out;
}

/** Pixels of each component inside a rectangle. */
function massIn(labels: Int32Array, width: number, r: PixelRect, count: number): Int32Array {
  const mass = new Int32Array(count + 1);
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++) {
      const l = labels[y * width + x]!;
      if (l) mass[l]!++;
    }
  }
  return mass;
}

/**
 * Gives this box (index 0 of `boxes`) its share of blobs where two letters touch: each core keeps its own ink;
 * the rest of the blob goes, by flooding through it, to the first box in reading order (top, then left) that
 * reaches it.
 */
function splitTouching(
  out: Uint8Array,
  labels: Int32Array,
  width: number,
  height: number,
  split: number[],
  boxes: LayoutCell[],
  cores: PixelRect[],
) {
  const chosen = new Uint8Array(Math.max(...split) + 1);
  for (const l of split) chosen[l] = 1;
  // Owner per pixel of the split blobs: 0 unclaimed, k + 1 for boxes[k].
  const owner = new Int16Array(width * height);
  for (const [k, r] of cores.entries()) {
    for (let y = r.y0; y < r.y1; y++) {
      for (let x = r.x0; x < r.x1; x++) {
        const i = y * width + x;
        const l = labels[i]!;
        if (l < chosen.length && chosen[l]) owner[i] = k + 1;
      }
    }
  }
  const order = boxes
    .map((_, k) => k)
    .sort((a, b) => boxes[a]!.box.y - boxes[b]!.box.y || boxes[a]!.box.x - boxes[b]!.box.x);
  const queue = new Int32Array(width * height);
  for (const k of order) {
    let head = 0;
    let tail = 0;
    for (let i = 0; i < owner.length; i++) if (owner[i] === k + 1) queue[tail++] = i;
    while (head < tail) {
      const i = queue[head++]!;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (owner[j] === 0 && labels[j] === labels[i]) {
            owner[j] = k + 1;
            queue[tail++] = j;
          }
        }
      }
    }
  }
  for (let i = 0; i < owner.length; i++) if (owner[i] === 1) out[i] = 1;
}

/**
 * Clears a printed box border from the mask where it reads as ink: a border dark enough for that would join
 * every letter it passes into one blob, and end up in a glyph. Along each line of the border's band, runs of
 * ink longer than BORDER_RUN_MM are the border, except where ink lies on both sides of the band: a stroke
 * crossing it, which stays.
 */
function clearBorder(mask: Uint8Array, width: number, height: number, box: BoxMm, region: BoxMm, pxPerMm: number) {
  const band = BORDER_BAND_MM * pxPerMm;
  const run = BORDER_RUN_MM * pxPerMm;
  const left = (box.x - region.x) * pxPerMm;
  const right = (box.x + box.width - region.x) * pxPerMm;
  const top = (box.y - region.y) * pxPerMm;
  const bottom = (box.y + box.height - region.y) * pxPerMm;
  const rows = { size: height, step: width, alongSize: width, alongStep: 1 };
  const columns = { size: width, step: 1, alongSize: height, alongStep: width };
  for (const y of [top, bottom]) clearBand(mask, rows, y - band, y + band, left - band, right + band, run);
  for (const x of [left, right]) clearBand(mask, columns, x - band, x + band, top - band, bottom + band, run);
}

type Lines = { size: number; step: number; alongSize: number; alongStep: number };

/** Clears the band from `from` to `to` across `lines`, `start` to `end` along them (pixels); see clearBorder. */
function clearBand(mask: Uint8Array, lines: Lines, from: number, to: number, start: number, end: number, run: number) {
  const a0 = Math.max(0, Math.floor(from));
  const a1 = Math.min(lines.size - 1, Math.ceil(to));
  if (a0 > a1) return;
  const b0 = clamp(Math.floor(start), 0, lines.alongSize);
  const b1 = clamp(Math.ceil(end), 0, lines.alongSize);
  const reach = a1 - a0 + 1;
  const inkOn = (a: number, b: number) => {
    // Beyond the region nothing can be judged: count it as ink, so the band is left alone there.
    if (a < 0 || a >= lines.size) return true;
    for (let d = -reach; d <= reach; d++) {
      const c = b + d;
      if (c >= 0 && c < lines.alongSize && mask[a * lines.step + c * lines.alongStep]) return true;
    }
    return false;
  };
  // Per place along the band: whether ink lies before it (1), after it (2) or both (3, a stroke crossing).
  const sides = new Uint8Array(b1 - b0);
  for (let b = b0; b < b1; b++) sides[b - b0] = (inkOn(a0 - 1, b) ? 1 : 0) | (inkOn(a1 + 1, b) ? 2 : 0);
  // The printed line runs along the band's middle: a stroke touching the band from one side keeps its part on that
  // side of the line (a "_" written along a box's foot, a letter's base on it), which is no border.
  const line = (from + to) / 2;
  for (let a = a0; a <= a1; a++) {
    const keptSide = a + 0.5 < line ? 1 : a + 0.5 > line ? 2 : 3;
    let first = -1;
    for (let b = b0; b <= b1; b++) {
      const ink = b < b1 && mask[a * lines.step + b * lines.alongStep] === 1;
      if (ink && first < 0) first = b;
      if (!ink && first >= 0) {
        if (b - first >= run) {
          for (let c = first; c < b; c++) {
            const side = sides[c - b0]!;
            if (side !== 3 && (side & keptSide) === 0) mask[a * lines.step + c * lines.alongStep] = 0;
          }
        }
        first = -1;
      }
    }
  }
}

function overlaps(a: BoxMm, b: BoxMm): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
