import type { ScanWarning } from "../errors.ts";
import { scanWarning } from "../errors.ts";
import type { BoxMm, LayoutCell } from "../template/layout-types.ts";
import { binarizeCell, type CellMask } from "./binarize-cell.ts";
import type { CellPicture } from "./cell-picture.ts";
import { type CleanedCell, cleanCell } from "./clean-cell.ts";
import { cutRegion } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { normaliseLighting } from "./normalise-lighting.ts";
import { type GlyphBox, placeInEm } from "./place-in-em.ts";
import { traceOutline } from "./trace-outline.ts";
import { upsampleMask } from "./upsample-mask.ts";

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

export type CellReading = { cell: ScanCell; paperLevel: number; millis: { cut: number; clean: number; trace: number } };

/** How far inside the printed box the reader looks (mm): the border line and its blur stay outside. */
export const CUT_INSET_MM = 0.7;
/** How far around the box the reader looks when ink runs off its edge, to tell whose stroke it is (mm). */
export const CONTEXT_MM = 4;

/** Resolution potrace traces at (px/mm): its output is only as precise as its bitmap. */
export const TRACE_PX_PER_MM = 32;

type Binarized = { binary: CellMask; paperLevel: number };

/** Reads one box: cut, normalise lighting, binarize, clean, trace, place in the em. */
export async function readCell(
  scan: GreyImage,
  h: Homography,
  cell: LayoutCell,
  workPxPerMm: number,
): Promise<CellReading> {
  const started = performance.now();
  const region = inset(cell.box, CUT_INSET_MM);
  const first = binarizeRegion(scan, h, region, workPxPerMm);
  const cut = performance.now();
  let source = first;
  let offset = 0;
  let cleaned: CleanedCell = cleanCell(first.binary, { pxPerMm: workPxPerMm });
  if (cleaned.needsContext) {
    // Ink runs off the cut: look around the box to see whether it is this letter's or a neighbour's.
    source = binarizeRegion(scan, h, inset(region, -CONTEXT_MM), workPxPerMm);
    offset = Math.round(CONTEXT_MM * workPxPerMm);
    const inner = { x0: offset, y0: offset, x1: offset + first.binary.width, y1: offset + first.binary.height };
    cleaned = cleanCell(source.binary, { pxPerMm: workPxPerMm, inner });
  }
  const warnings = [...cleaned.warnings];
  if (!cleaned.empty && first.binary.inkLevel > 0.45) warnings.push(scanWarning("FAINT_INK"));
  const clean = performance.now();
  const base = { chars: cell.chars, variant: cell.variant };
  if (cleaned.empty) {
    return {
      cell: { ...base, empty: true, path: "", bbox: null, warnings },
      paperLevel: first.paperLevel,
      millis: { cut: cut - started, clean: clean - cut, trace: 0 },
    };
  }
  const factor = Math.max(1, Math.round(TRACE_PX_PER_MM / workPxPerMm));
  // Each pixel was judged by its own threshold: edges lie where the margin below it, interpolated, crosses 0.
  const margin = { width: source.binary.width, height: source.binary.height, data: source.binary.margin };
  const fine = upsampleMask(margin, cleaned.mask, cleaned.width, cleaned.height, offset, offset, 0, factor);
  const finePxPerMm = workPxPerMm * factor;
  const traced = await traceOutline(fine.mask, fine.width, fine.height, 0.03 * finePxPerMm * finePxPerMm);
  const frame = { originX: region.x, originY: region.y, pxPerMm: finePxPerMm, left: fine.left, top: fine.top };
  const placed = placeInEm(traced, frame, cell);
  const done = performance.now();
  return {
    cell: { ...base, empty: placed.path === "", path: placed.path, bbox: placed.bbox, warnings },
    paperLevel: first.paperLevel,
    millis: { cut: cut - started, clean: clean - cut, trace: done - clean },
  };
}

function binarizeRegion(scan: GreyImage, h: Homography, region: BoxMm, workPxPerMm: number): Binarized {
  const image = cutRegion(scan, h, region, workPxPerMm);
  const { image: normalised, paperLevel } = normaliseLighting(image, 2.5 * workPxPerMm);
  return { binary: binarizeCell(normalised, workPxPerMm), paperLevel };
}

function inset(box: BoxMm, by: number): BoxMm {
  return { x: box.x + by, y: box.y + by, width: box.width - 2 * by, height: box.height - 2 * by };
}
