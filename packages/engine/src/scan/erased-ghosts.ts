import type { CellMask } from "./binarize-cell.ts";
import { NOISE_MM2, SPECK_MM2 } from "./clean-cell.ts";
import { kthSmallest } from "./kth-smallest.ts";
import { labelComponents } from "./label-components.ts";

/**
 * A piece of a box's ink whose core lies less deep below paper than this share of the box's deepest piece is what an
 * eraser left of a pencil letter, not a stroke. An eraser leaves 5–20 % of the graphite, and a letter written again
 * over it is pressed about as hard as the first: its ghost lies at a fifth of its depth or less, a phone's grain
 * added. A letter's own strokes, pressed lighter or darker along it, and a blurred dot beside a stem keep over half; a
 * long light stroke of a light pencil's letter a third as deep as its stem stays (binarize-cell.test.ts).
 */
export const GHOST_SHARE = 0.3;
/**
 * A piece under this share of the depth of the page's letters (their boxes' ink at its core, see letterDepthOf) is
 * what an eraser left of one, whatever else its box holds: a small letter written over a large erased one, or a box
 * holding only a ghost. The letters of one page are pressed within a factor of two or so of each other; over the
 * benchmark's erased-pencil pages, whose letters range from a light hand's grey to a firm one's, see the README.
 */
export const ERASED_PAGE_SHARE = 0.4;
/** A page judges its boxes' pieces against its letters' depth when it has at least this many letters. */
const ERASED_REFERENCE_BOXES = 8;

/**
 * Drops from a box's ink (`cell`, read from the lighting-normalised `data`, 1 = paper, at `pxPerMm`) the pieces that
 * are the ghost of an erased letter. A pencil box is followed down to its strokes' own half depth (a light stroke is
 * no less a stroke), which took a rubbed-out letter's remains beside the letter written again for strokes. Each piece
 * is judged by its core's depth (see CORE_SHARE) on a picture with the print taken out: it is a ghost
 * under GHOST_SHARE of the deepest such core of the box's substantial pieces (larger than a speck and a tenth of the
 * largest, so that neither a speck of dirt nor a stray dark pixel sets what a stroke is), or under `ghostBelow`, what
 * the page says (see letterDepthOf), as is a piece too small to judge none of whose pixels reaches that. Where every
 * piece large enough to judge is a ghost, the box is blank (`erased`).
 */
export function dropGhosts(cell: CellMask, data: Float32Array, pxPerMm: number, ghostBelow = 0): CellMask {
  const { mask, width, height } = cell;
  const parts = labelComponents(mask, width, height);
  if (parts.count === 0) return cell;
  // The pixels' depths grouped by piece (a counting sort by label), so each piece's core is one selection.
  const start = new Int32Array(parts.count + 2);
  for (let l = 1; l <= parts.count; l++) start[l + 1] = start[l]! + parts.area[l]!;
  const depths = new Float32Array(start[parts.count + 1]!);
  gatherDepths(parts.labels, data, depths, start.slice());
  const cores = new Float32Array(parts.count + 1);
  let largest = 0;
  for (let l = 1; l <= parts.count; l++) {
    const own = depths.subarray(start[l]!, start[l + 1]!);
    cores[l] = kthSmallest(own, coreRank(own.length));
    largest = Math.max(largest, own.length);
  }
  const mm2 = pxPerMm * pxPerMm;
  const substantial = Math.max(SPECK_MM2 * mm2, 0.1 * largest);
  let deepest = 0;
  for (let l = 1; l <= parts.count; l++) if (parts.area[l]! >= substantial) deepest = Math.max(deepest, cores[l]!);
  const below = Math.max(GHOST_SHARE * deepest, ghostBelow);
  // A piece of a pixel or two has no core to speak of (one grainy pixel of a faint stroke lay at a quarter of the
  // strokes' depth), and leaves nothing a font would show.
  const judged = NOISE_MM2 * mm2;
  const ghost = new Uint8Array(parts.count + 1);
  let ghosts = 0;
  let specks = 0;
  let faintestPiece: number | undefined;
  let faintestSpeck: number | undefined;
  for (let l = 1; l <= parts.count; l++) {
    if (parts.area[l]! < judged) {
      // Where the page says how deep its letters are, a speck of an erased letter's grain is no deeper anywhere.
      const speckDepth = deepestOf(depths, start[l]!, start[l + 1]!);
      if (speckDepth < ghostBelow) {
        ghost[l] = 1;
        specks++;
      } else faintestSpeck = Math.min(faintestSpeck ?? 1, speckDepth);
      continue;
    }
    if (cores[l]! < below) {
      ghost[l] = 1;
      ghosts++;
    } else faintestPiece = Math.min(faintestPiece ?? 1, cores[l]!);
  }
  // Nothing but ghosts: the specks too small to judge were the ghosts' grain.
  if (ghosts > 0 && faintestPiece === undefined) ghost.fill(1);
  // What the page is to judge again (see PageLevels.ghostBelow): the faintest piece, a speck by its deepest pixel.
  if (faintestSpeck !== undefined) faintestPiece = Math.min(faintestPiece ?? 1, faintestSpeck);
  // The kept ink's core depth: its pieces' runs, each reordered by its selection but still its own.
  const keptDepths = new Float32Array(depths.length);
  let kept = 0;
  for (let l = 1; l <= parts.count; l++) {
    if (ghost[l]) continue;
    keptDepths.set(depths.subarray(start[l]!, start[l + 1]!), kept);
    kept += parts.area[l]!;
  }
  const inkDepth = kept > 0 ? kthSmallest(keptDepths.subarray(0, kept), coreRank(kept)) : undefined;
  if (ghosts + specks === 0) return { ...cell, inkDepth, faintestPiece };
  const keptMask = new Uint8Array(mask.length);
  const margin = cell.margin.slice();
  clearGhosts(parts.labels, ghost, keptMask, margin);
  return { ...cell, mask: keptMask, margin, inkDepth, faintestPiece, ...(kept === 0 && { erased: true }) };
}

/**
 * How deep a page's letters lie: the median of its written boxes' ink depths at their cores (CellMask.inkDepth, each divided by the
 * share a glare's veil left it, `veilShares`), or undefined with fewer than ERASED_REFERENCE_BOXES letters to say.
 * ERASED_PAGE_SHARE of it, times a box's own veil's share, is where that box's ghosts lie (PageLevels.ghostBelow).
 */
export function letterDepthOf(
  boxes: readonly { empty: boolean; inkDepth?: number }[],
  veilShares: readonly number[],
): number | undefined {
  const depths = boxes.flatMap(({ empty, inkDepth }, i) =>
    empty || inkDepth === undefined ? [] : [inkDepth / veilShares[i]!],
  );
  if (depths.length < ERASED_REFERENCE_BOXES) return undefined;
  depths.sort((a, b) => a - b);
  return depths[depths.length >> 1]!;
}

/**
 * A piece of ink is as deep as its core: the depth a quarter of its pixels exceed. Its median would count its edges,
 * which make up more of a small piece: a pencil's dot of an ё lay at 0.46 of its letter's median, at 0.78 of its core.
 */
const CORE_SHARE = 0.75;

/** The rank among `count` sorted depths that is a piece's core (CORE_SHARE). */
export function coreRank(count: number): number {
  return Math.floor(CORE_SHARE * (count - 1));
}

/** The largest of `depths` from `from` to `to` (end-exclusive). */
function deepestOf(depths: Float32Array, from: number, to: number): number {
  let deepest = -Infinity;
  for (let i = from; i < to; i++) deepest = Math.max(deepest, depths[i]!);
  return deepest;
}

/** Puts each ink pixel's depth below paper in its piece's run of `depths` (`next`: each run's next free place). */
function gatherDepths(labels: Int32Array, data: Float32Array, depths: Float32Array, next: Int32Array) {
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l > 0) depths[next[l]!++] = 1 - data[i]!;
  }
}

/** Keeps in `kept` the ink that is no ghost's; a ghost's pixels become paper, with no edge to interpolate. */
function clearGhosts(labels: Int32Array, ghost: Uint8Array, kept: Uint8Array, margin: Float32Array) {
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l === 0) continue;
    if (ghost[l]) {
      if (margin[i]! < 0) margin[i] = 0;
    } else kept[i] = 1;
  }
}
