import type { ScanWarning } from "../errors.ts";
import { scanWarning } from "../errors.ts";
import { labelWidthInCapHeights } from "../template/label-font-bytes.ts";
import type { BoxMm, LayoutCell } from "../template/layout-types.ts";
import { markPlaceholder, templateMark } from "../template/marks.ts";
import { LABEL_INSET_MM, LABEL_SIZE_EM } from "../template/page-geometry.ts";
import { pagePoint } from "../units.ts";
import {
  binarizeCell,
  type CellMask,
  MAX_THRESHOLD,
  type PageLevels,
  type PixelRect,
  type PrintedLines,
  RESOLVED_WIDTH,
} from "./binarize-cell.ts";
import type { CellPicture } from "./cell-picture.ts";
import { type CleanedCell, cleanCell } from "./clean-cell.ts";
import { cutRegion } from "./cut-cells.ts";
import { type Crease, removeCreases } from "./find-creases.ts";
import { followInk, followRegion, inkAroundBox, type Surroundings } from "./follow-ink.ts";
import { type Homography, localLinear } from "./homography.ts";
import type { FloatImage, GreyImage } from "./images.ts";
import type { MotionBlur } from "./measure-blur.ts";
import { normaliseLighting } from "./normalise-lighting.ts";
import { type GlyphBox, type PlacedOutline, placeInEm } from "./place-in-em.ts";
import { deblurGhosts, removeMotionBlur } from "./remove-motion-blur.ts";
import { traceOutline } from "./trace-outline.ts";
import { untangle } from "./untangle.ts";
import { upsampleMask } from "./upsample-mask.ts";
import { hangsBelow } from "./written-forms.ts";

/** What was read from one box. */
export type ScanCell = {
  chars: string;
  variant: number;
  empty: boolean;
  /** SVG path data in font units (y up from the baseline, 1000 per em); empty string when the box is empty. */
  path: string;
  bbox: GlyphBox | null;
  warnings: ScanWarning[];
  /** The box's picture, for tracing (written boxes only; set by readScan). */
  picture?: CellPicture;
};

export type CellReading = {
  cell: ScanCell;
  paperLevel: number;
  /** The box's faint strokes' width at half depth over the blur's (see CellMask.bandWidth). */
  bandWidth?: number;
  /** The darkest 0.1 % of the box's own cut, lighting normalised (CellMask.inkLevel). */
  inkLevel: number;
  /** In a faint or blank box, the level of its darkest printed line (CellMask.printLevel). */
  printLevel?: number;
  /** How deep below paper the box's own ink lies at its core (CellMask.inkDepth): how deep the page's pen goes. */
  inkDepth?: number;
  /** The least core depth of the box's own pieces of ink (CellMask.faintestPiece): a ghost the page may tell. */
  faintestPiece?: number;
  millis: { cut: number; clean: number; trace: number };
};

/** How far inside the printed box the reader looks (mm): the border line and its blur stay outside. */
export const CUT_INSET_MM = 0.7;

/** Resolution potrace traces at (px/mm): its output is only as precise as its bitmap. */
export const TRACE_PX_PER_MM = 32;

/** Islands of ink and pinholes in it up to this size (mm², a dot 0.2 mm across) are dropped by the tracer. */
const TURD_MM2 = 0.03;

type Binarized = { binary: CellMask; paperLevel: number };

/** A region cut, its smear removed and its lighting normalised, with where its labels and print lie. */
type PreparedRegion = { normalised: FloatImage; paperLevel: number; labels: PixelRect[]; print: PrintedLines };

/**
 * The regions a box's reading prepared, by place: a box the page reads again as it decides (see readScan) binarizes
 * them again instead of cutting and normalising them again. Only the page's smear, its pen's depth and its creases,
 * the same both times, go into preparing a region.
 */
export type PreparedRegions = Map<string, PreparedRegion>;

/** What the whole page says about how to read its boxes. */
export type PageReading = PageLevels & {
  /** The page's motion blur, in the pixels of the picture cells are cut from (see measureBlur). */
  smear?: MotionBlur;
  /** On a page with a smear, how deep its pen goes (see penDepthOf): no ink is deblurred deeper. */
  penDepth?: number;
  /** The shade of the creases a fold left across the page (see findCreases), taken out of every region cut. */
  creases?: readonly Crease[];
};

/**
 * Reads one box: cut, undo the page's motion blur (when the page has a smear), normalise lighting, binarize (with
 * the levels for print lowered where the page's printer laid the template's colour down darker, and lines told
 * thinner than the page's blur or not), clean, trace, place in the em. Ink running off the box is
 * followed into its surroundings (the page's other boxes and the readable part of the page).
 */
export async function readCell(
  scan: GreyImage,
  h: Homography,
  cell: LayoutCell,
  workPxPerMm: number,
  surroundings: Surroundings,
  page: PageReading = {},
  prepared: PreparedRegions = new Map(),
): Promise<CellReading> {
  const printDarker = page.printDarker ?? 0;
  const started = performance.now();
  const region = inset(cell.box, CUT_INSET_MM);
  const first = binarizeRegion(scan, h, region, workPxPerMm, [cell], surroundings, page, prepared);
  const cut = performance.now();
  let source = first;
  let origin: BoxMm = region;
  let cleaned: CleanedCell = cleanCell(first.binary, { pxPerMm: workPxPerMm });
  // Ink running off the cut, or lying just around the box (an accent above a capital), is followed around it. A box
  // whose character hangs below its baseline looks around even when its cut is blank: a "_" may be written wholly
  // under the box. (Printed lines lie around every box: a faint cell's threshold would take them for ink.)
  const inkLevel = Math.min(first.binary.threshold, MAX_THRESHOLD - printDarker) * first.paperLevel;
  const looksAround = !cleaned.empty || hangsBelow(cell.chars);
  if (cleaned.needsContext || (looksAround && inkAroundBox(scan, h, cell.box, region, inkLevel))) {
    // Keep this letter's ink there and leave the neighbours'.
    origin = followRegion(cell, surroundings);
    // The wider cut reads the box's pen as the box did: its ink level (see PageLevels.boxInkLevel) and, where the box's
    // faint strokes were measured, bands or hairlines as they said (as the page decides it, see readScan). Measured
    // again there, a box's strokes in a shadow or beside another's came out on the other side of RESOLVED_WIDTH.
    const measured = first.binary.bandWidth;
    source = binarizeRegion(
      scan,
      h,
      origin,
      workPxPerMm,
      surroundings.cells,
      surroundings,
      {
        ...page,
        boxInkLevel: first.binary.inkLevel,
        bands: page.bands ?? (measured === undefined ? undefined : measured >= RESOLVED_WIDTH),
      },
      prepared,
    );
    cleaned = followInk(source.binary, origin, workPxPerMm, cell, surroundings, { inner: region });
  }
  const warnings = [...cleaned.warnings];
  if (!cleaned.empty && first.binary.inkLevel > 0.45) warnings.push(scanWarning("FAINT_INK"));
  if (cleaned.empty && first.binary.erased) warnings.push(scanWarning("ERASED_LETTER"));
  const clean = performance.now();
  const base = { chars: cell.chars, variant: cell.variant };
  if (cleaned.empty) {
    return {
      cell: { ...base, empty: true, path: "", bbox: null, warnings },
      paperLevel: first.paperLevel,
      bandWidth: first.binary.bandWidth,
      inkLevel: first.binary.inkLevel,
      printLevel: first.binary.printLevel,
      inkDepth: first.binary.inkDepth,
      faintestPiece: first.binary.faintestPiece,
      millis: { cut: cut - started, clean: clean - cut, trace: 0 },
    };
  }
  const placed = await traceCell(source.binary, cleaned.mask, workPxPerMm, origin, cell);
  const done = performance.now();
  return {
    cell: { ...base, empty: placed.path === "", path: placed.path, bbox: placed.bbox, warnings },
    paperLevel: first.paperLevel,
    bandWidth: first.binary.bandWidth,
    inkLevel: first.binary.inkLevel,
    printLevel: first.binary.printLevel,
    inkDepth: first.binary.inkDepth,
    faintestPiece: first.binary.faintestPiece,
    millis: { cut: cut - started, clean: clean - cut, trace: done - clean },
  };
}

/**
 * Traces the kept ink (`keep`, the size of `binary`) of a box cut at `workPxPerMm` at TRACE_PX_PER_MM, and places it
 * in the cell's em (`origin`: where the cut lies on the page). No contour leaves here crossing itself or another (see
 * untangle).
 */
export async function traceCell(
  binary: CellMask,
  keep: Uint8Array,
  workPxPerMm: number,
  origin: { x: number; y: number },
  cell: LayoutCell,
): Promise<PlacedOutline> {
  const factor = Math.max(1, Math.round(TRACE_PX_PER_MM / workPxPerMm));
  // Each pixel was judged by its own threshold: edges lie where the margin below it, interpolated, crosses 0.
  const margin = { width: binary.width, height: binary.height, data: binary.margin };
  const fine = upsampleMask(margin, keep, binary.width, binary.height, 0, 0, 0, factor);
  const pxPerMm = workPxPerMm * factor;
  const frame = { originX: origin.x, originY: origin.y, pxPerMm, left: fine.left, top: fine.top };
  // Islands and pinholes under TURD_MM2 are noise in a pen's stroke; a faint box's pieces are not (see CellMask.faint).
  const turdPx = (binary.faint ? 0 : TURD_MM2) * pxPerMm * pxPerMm;
  const trace = async (smooth: boolean) => {
    const { paths, height } = await traceOutline(fine.mask, fine.width, fine.height, turdPx, smooth);
    // One path at a time, so that a path that crosses can be swapped for its polygon.
    return paths.map((p) => placeInEm({ paths: [p], height }, frame, cell));
  };
  return untangle(await trace(true), () => trace(false));
}

function binarizeRegion(
  scan: GreyImage,
  h: Homography,
  region: BoxMm,
  workPxPerMm: number,
  cells: readonly LayoutCell[],
  surroundings: Pick<Surroundings, "guidesEm" | "dashedEm">,
  page: PageReading,
  prepared: PreparedRegions,
): Binarized {
  const key = `${region.x} ${region.y} ${region.width} ${region.height}`;
  const known = prepared.get(key);
  const { normalised, paperLevel, labels, print } =
    known ?? prepareRegion(scan, h, region, workPxPerMm, cells, surroundings, page);
  if (!known) prepared.set(key, { normalised, paperLevel, labels, print });
  // What is left of a smear once removed is measured against the page's blur like any box: it widens a hairline a
  // little, while left unmeasured a pencil's strokes were cut at the ceiling, thin and holed (see tooDarkForHairlines).
  return { binary: binarizeCell(normalised, workPxPerMm, labels, print, page), paperLevel };
}

function prepareRegion(
  scan: GreyImage,
  h: Homography,
  region: BoxMm,
  workPxPerMm: number,
  cells: readonly LayoutCell[],
  surroundings: Pick<Surroundings, "guidesEm" | "dashedEm">,
  { smear: blur, penDepth, creases }: Pick<PageReading, "smear" | "penDepth" | "creases">,
): PreparedRegion {
  const smear = blur && smearIn(blur, h, region, workPxPerMm);
  // One sample of the smear a pixel of the scan, as the camera's pixels saw it.
  const taps = blur ? Math.max(2, Math.round(Math.hypot(blur.dx, blur.dy)) + 1) : 0;
  const picture = (box: BoxMm) => {
    const cut = cutRegion(scan, h, box, workPxPerMm);
    if (creases) removeCreases(cut, creases, scan, h);
    return smear ? removeMotionBlur(cut, smear.dx, smear.dy, taps, penDepth) : cut;
  };
  const image = picture(region);
  // A pixel of the region is one of the widened region's, `margin` pixels further in.
  const widened = (margin: number) => picture(inset(region, -margin / workPxPerMm));
  const { image: normalised, paperLevel } = normaliseLighting(image, 2.5 * workPxPerMm, widened);
  const labels = cells.map((c) => labelRect(c, region, workPxPerMm));
  // Pixel centres lie half a pixel in: a line at d mm from the region's edge is at pixel d·pxPerMm − 0.5.
  const at = (mm: number, from: number) => (mm - from) * workPxPerMm - 0.5;
  // Where each box's borders lie: they are printed lines, and each guide runs across its own box.
  const boxes = cells.map((c) => ({
    x0: at(c.box.x, region.x),
    y0: at(c.box.y, region.y),
    x1: at(c.box.x + c.box.width, region.x),
    y1: at(c.box.y + c.box.height, region.y),
  }));
  const columns = boxes.flatMap((b) => [b.x0, b.x1]);
  const rows = cells.flatMap((c, i) => [
    boxes[i]!.y0,
    boxes[i]!.y1,
    ...surroundings.guidesEm.map((em) => at(c.baselineY - em * c.emMm, region.y)),
  ]);
  // Deblurring echoes each printed line a smear and a half or so off it, along the smear's component across the line.
  const echoes = (lines: readonly number[], across: number) =>
    smear ? deblurGhosts(across, taps).flatMap((k) => lines.map((line) => line + k)) : [];
  const print = {
    columns,
    rows,
    ghostRows: echoes(rows, smear?.dy ?? 0),
    ghostColumns: echoes(columns, smear?.dx ?? 0),
    dashed: cells.flatMap((c) => surroundings.dashedEm.map((em) => at(c.baselineY - em * c.emMm, region.y))),
    dots: cells.flatMap((c) => (templateMark(c.chars) ? placeholderDots(c, region, workPxPerMm) : [])),
    boxes,
  };
  return { normalised, paperLevel, labels, print };
}

/** The dots of a mark box's dotted circle, in pixels of a region cut at `pxPerMm` (see markPlaceholder). */
function placeholderDots(cell: LayoutCell, region: BoxMm, pxPerMm: number) {
  const { dots, dotRadius } = markPlaceholder();
  const mm = cell.emMm / 1000;
  const centre = cell.box.x + cell.box.width / 2;
  return dots.map((dot) => ({
    x: (centre + dot.x * mm - region.x) * pxPerMm - 0.5,
    y: (cell.baselineY - dot.y * mm - region.y) * pxPerMm - 0.5,
    radius: dotRadius * mm * pxPerMm,
  }));
}

/** Blur and a small misplacement around a printed label (mm). */
const LABEL_MARGIN_MM = 0.4;

/** The narrowest a label's place is, in its cap heights: wider than any one character of the label font. */
const LABEL_MIN_WIDTH = 2;

/**
 * Where a box's label is printed, in pixels of a region cut at `pxPerMm`: its cap height from the box's corner,
 * with room for descenders, and as wide as the label prints (its glyphs' advances in the label font), two cap heights
 * at least. A cap height a character and one more took a mark box's label ("` è") for twice its width: half the box
 * above the dotted circle, where the mark is written, was the label's and kept out of the mark.
 */
export function labelRect(cell: LayoutCell, region: BoxMm, pxPerMm: number): PixelRect {
  const capHeight = LABEL_SIZE_EM * cell.emMm;
  const x = cell.box.x + LABEL_INSET_MM - region.x;
  const y = cell.box.y + LABEL_INSET_MM - region.y;
  const printed = Math.max(LABEL_MIN_WIDTH, labelWidthInCapHeights(cell.label)) * capHeight;
  const width = Math.min(cell.box.width - LABEL_INSET_MM, printed);
  return {
    x0: Math.floor((x - LABEL_MARGIN_MM) * pxPerMm),
    y0: Math.floor((y - LABEL_MARGIN_MM) * pxPerMm),
    x1: Math.ceil((x + width + LABEL_MARGIN_MM) * pxPerMm),
    y1: Math.ceil((y + 1.3 * capHeight + LABEL_MARGIN_MM) * pxPerMm),
  };
}

/**
 * A motion blur measured in scan pixels as it lies in a region cut at `pxPerMm` (the homography's local linear
 * part, inverted, at the region's centre), or undefined when it is under a pixel there.
 */
function smearIn(blur: MotionBlur, h: Homography, region: BoxMm, pxPerMm: number): MotionBlur | undefined {
  const centre = pagePoint(region.x + region.width / 2, region.y + region.height / 2);
  const [ax, ay, bx, by] = localLinear(h, centre);
  const det = ax * by - bx * ay;
  const dx = ((by * blur.dx - bx * blur.dy) / det) * pxPerMm;
  const dy = ((ax * blur.dy - ay * blur.dx) / det) * pxPerMm;
  return Math.hypot(dx, dy) >= 1 ? { dx, dy } : undefined;
}

export function inset(box: BoxMm, by: number): BoxMm {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}
