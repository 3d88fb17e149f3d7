import { EngineError, type ScanWarning, scanWarning } from "../errors.ts";
import type { Layout, LayoutLookup } from "../template/layout-types.ts";
import { pagePoint, type ScanPoint } from "../units.ts";
import {
  BAND_PAGE_THINNEST,
  type PixelRect,
  printKept,
  RESOLVED_WIDTH,
  tooDarkForHairlines,
  underGlare,
  unveiledInkLevels,
  veilShares,
} from "./binarize-cell.ts";
import { cutRegion } from "./cut-cells.ts";
import { ERASED_PAGE_SHARE, letterDepthOf } from "./erased-ghosts.ts";
import { findCreases } from "./find-creases.ts";
import { findMarkers } from "./find-markers.ts";
import { findQrCodeByMarkers } from "./find-qr-by-markers.ts";
import { findQrCode, findQrCodeInShade } from "./find-qr-code.ts";
import { surroundingsOf } from "./follow-ink.ts";
import { type Homography, localScale, pageToScan, solveHomography } from "./homography.ts";
import { channelsOf, type GreyImage, type RgbaImage, type ScanImage } from "./images.ts";
import { blurAt, blurCovarianceAt, measureBlur } from "./measure-blur.ts";
import { measurePrint, smoothed, smoothingPasses } from "./measure-print.ts";
import { type BoxHelper, readBoxes } from "./read-boxes.ts";
import { type CellReading, CUT_INSET_MM, inset, type PageReading, type ScanCell } from "./read-cell.ts";
import { rectifyPage } from "./rectify-page.ts";
import { homographyOfBoxes, refineBoxes } from "./refine-boxes.ts";
import { penDepthOf } from "./remove-motion-blur.ts";
import { recycleSharedPixels, sharedPixels } from "./shared-pixels.ts";
import { downscale, luminancePyramid } from "./to-luminance.ts";

export type ReadScanOptions = {
  /** Images with more pixels are refused (IMAGE_TOO_LARGE); default 50 megapixels (A4 at 600 dpi is 35). */
  maxPixels?: number;
  /** Resolution of the rectified preview; default 2 px/mm (420 × 594 for A4). */
  previewPxPerMm?: number;
  /** Resolution cells are cut and cleaned at (px/mm); default 8. Tracing works at 32 px/mm whatever this is. */
  workPxPerMm?: number;
  /**
   * Keep each written box's picture (a PNG for tracing under its outline in the editors); default true. Callers
   * that only want outlines, like the command line, turn it off and save about a fifteenth of the reading time.
   */
  pictures?: boolean;
  /**
   * Called as reading moves on: the share of the page done (0–1, never going back) and the stage reached. Cheap
   * enough to forward to a user: a few calls a stage, one per twentieth of the boxes.
   */
  onProgress?: (fraction: number, stage: ScanStage) => void;
  /**
   * Other threads that read the page's boxes alongside this one (in Node, `createBoxHelpers` of
   * `@handfont/engine/node`); none by default. The reading is the same with or without them.
   */
  helpers?: readonly BoxHelper[];
};

/** The stages of reading a page, in order. */
export type ScanStage = "qr" | "markers" | "cells" | "done";

/** Share of a page's reading time spent before each stage (measured: most of it goes on the boxes). */
const STAGE_START: Record<ScanStage, number> = { qr: 0.05, markers: 0.2, cells: 0.3, done: 1 };
/** A page's pen is judged over its faint boxes when it has this many; with fewer each box judges its own. */
const MIN_FAINT_BOXES = 3;
/** How far (mm) past the paper's edge a grainy page is smoothed: a curled or lifted edge bulges out of its place. */
const PAGE_MARGIN_MM = 10;

export type StageTimings = {
  luminance: number;
  qr: number;
  markers: number;
  lookup: number;
  cells: number;
  /** Finding each box's own place from its printed lines (part of `cells`). */
  boxes: number;
  cellCut: number;
  cellClean: number;
  trace: number;
  preview: number;
  total: number;
};

export type ScanResult = {
  templateId: string;
  page: number;
  qcode: string;
  cells: ScanCell[];
  warnings: ScanWarning[];
  /** The page rectified to the layout's paper, RGBA. */
  preview: RgbaImage;
  diagnostics: {
    /** Scan pixels per page millimetre (the smallest over the page), and the resolution cells were read at. */
    scanPxPerMm: number;
    workPxPerMm: number;
    /** Marker centres found, in scan pixels: top-left, top-right, bottom-right, bottom-left of the page. */
    markers: ScanPoint[];
    /** The marker that was not seen (its index in `markers`, whose point is where the page's boxes put it). */
    hiddenMarker?: number;
    /** The picture's blur along the way it spreads most, standard deviation in page mm (see measureBlur). */
    blurMm?: number;
    timings: StageTimings;
  };
};

export const DEFAULT_MAX_PIXELS = 50_000_000;

/**
 * Cells are cut at 8 px/mm. Sub-pixel edge positions survive into the traced outline through upsampling
 * (see upsampleMask), so reading at the scan's own resolution would cost more and gain nothing measurable
 * (benchmark: 300 dpi scans read at 8 and at 11.8 px/mm give the same IoU).
 */
export const WORK_PX_PER_MM = 8;

/**
 * Reads one photographed or scanned template page: finds its QR code and corner markers, rectifies it, and
 * returns every box's glyph outline in font units. `image` is decoded pixels (decoding stays with the caller);
 * `lookup` finds the page's layout by the template id in its QR code. Throws EngineError with a stable code.
 * Call initEngine once per thread first.
 */
export async function readScan(
  image: ScanImage,
  lookup: LayoutLookup,
  options: ReadScanOptions = {},
): Promise<ScanResult> {
  const t0 = performance.now();
  const channels = channelsOf(image);
  if (!channels) throw new EngineError("IMAGE_UNREADABLE", undefined, { reason: "pixel buffer does not match size" });
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (image.width * image.height > maxPixels) {
    throw new EngineError("IMAGE_TOO_LARGE", undefined, { pixels: image.width * image.height, maxPixels });
  }
  if (Math.min(image.width, image.height) < 200) {
    throw new EngineError("TEMPLATE_NOT_FOUND_ON_PAGE", undefined, { reason: "image smaller than 200 px" });
  }

  // Where helpers read the boxes, the page's luminance lies in memory they share (see readBoxes), so it need not be
  // copied there; that memory goes on to the thread's next read.
  const shared = options.helpers?.length ? sharedPixels(image.width * image.height) : undefined;
  try {
    return await readPicture(image, channels, lookup, options, t0, shared);
  } finally {
    if (shared) recycleSharedPixels(shared);
  }
}

/** readScan's work on a picture it has checked, from its luminance (written `into` those pixels if given) on. */
async function readPicture(
  image: ScanImage,
  channels: 1 | 3 | 4,
  lookup: LayoutLookup,
  options: ReadScanOptions,
  t0: number,
  into: Uint8Array | undefined,
): Promise<ScanResult> {
  const report = options.onProgress ?? (() => {});
  const factor = Math.max(1, Math.floor(Math.max(image.width, image.height) / 1600));
  const helpers = options.helpers ?? [];
  const { full, small: detection } = luminancePyramid(image, channels, factor, into);
  const t1 = performance.now();
  report(STAGE_START.qr, "qr");

  const qr =
    (await findQrCode(detection, factor, full)) ??
    (await findQrCodeByMarkers(detection, factor, full)) ??
    (await findQrCodeInShade(detection, factor, (even) => findQrCodeByMarkers(even, factor, full)));
  if (!qr) throw new EngineError("TEMPLATE_NOT_FOUND_ON_PAGE");
  const t2 = performance.now();
  const { templateId, page } = qr.payload;
  const layout = await lookup(templateId, page);
  if (!layout || layout.id !== templateId || !layout.pages?.some((p) => p.page === page)) {
    throw new EngineError("TEMPLATE_UNKNOWN", undefined, { templateId, page });
  }
  if (layout.markers?.centers?.length !== 4 || !layout.qr || !Array.isArray(layout.cells)) {
    throw new EngineError("TEMPLATE_UNKNOWN", undefined, { templateId, page, reason: "the layout is malformed" });
  }
  const t3 = performance.now();
  report(STAGE_START.markers, "markers");

  const found = findMarkers(full, detection, factor, qr, layout);
  const centres = layout.markers.centers.map((c) => pagePoint(c.x, c.y));
  const pageCells = layout.cells.filter((cell) => cell.page === page);
  const markersH = solveHomography(centres, found.points);
  if (!markersH) throw new EngineError("PAGE_DAMAGED", undefined, { reason: "markers in a line" });
  const workPxPerMm = options.workPxPerMm ?? WORK_PX_PER_MM;
  // Cells are point-sampled at the working resolution; a much finer scan (600 dpi) is first averaged down so
  // sampling it does not alias.
  const cellFactor = Math.max(1, Math.floor(Math.min(...centres.map((c) => localScale(markersH, c))) / workPxPerMm));
  const shrunk = cellFactor === factor ? detection : downscale(full, cellFactor);
  // A page with a marker hidden was placed by three and the QR code, extrapolated towards the fourth: its boxes place
  // it (see homographyOfBoxes).
  const markersCellH = cellFactor === 1 ? markersH : scaleHomography(markersH, cellFactor);
  const cellH = found.hidden === undefined ? markersCellH : homographyOfBoxes(shrunk, markersCellH, layout, pageCells);
  const h = found.hidden === undefined ? markersH : scaleHomography(cellH, 1 / cellFactor);
  const markers = found.points.map((point, i) => (i === found.hidden ? pageToScan(h, centres[i]!) : point));
  const scales = centres.map((c) => localScale(h, c));
  const scanPxPerMm = Math.min(...scales);
  // How the printer laid the template down, from its box borders, and how grainy the paper is. A monochrome laser prints
  // the light guides, borders and labels as a screen of toner dots, which the cuts of a scan fine enough to see them
  // would sample into specks as dark as ink: such a page is descreened first. A photo taken in dim light is grainy
  // enough to drown a pencil's faint strokes: its boxes are read from a picture smoothed as far as its own blur (see
  // smoothingPasses). A heavy print's darkness lowers the cells' levels for print.
  const sourcePxPerMm = scanPxPerMm / cellFactor;
  const print = measurePrint(shrunk, cellH, pageCells, sourcePxPerMm);
  // How the picture is blurred, measured on the markers at full resolution: a shaken photo's smear, in the pixels
  // cells are cut from, and how far it spreads a line at most, which tells a line thinner than it from a wider one.
  const blur = measureBlur(full, h, layout.markers, found.hidden);
  const passes = smoothingPasses(print, blur?.sigmaMm, sourcePxPerMm);
  const cellSource = smoothed(shrunk, passes, pageBounds(cellH, layout.paper, shrunk));
  const t4 = performance.now();
  report(STAGE_START.cells, "cells");

  // A page that is not flat moves its boxes off the markers' homography: each box gets its own.
  const boxH = refineBoxes(cellSource, cellH, layout, pageCells);
  const smear = blur?.smear && { dx: blur.smear.dx / cellFactor, dy: blur.smear.dy / cellFactor };
  const tBoxes = performance.now();
  // The boxes' picture is blurred by the smoothing too (each pass a Gaussian of half a squared pixel).
  const blurMm = blur && Math.hypot(blur.sigmaMm, Math.sqrt(passes / 2) / sourcePxPerMm);
  // A shaken page's pen is as deep as its strokes along the smear show it (see penDepthOf).
  const penDepth = smear
    ? penDepthOf(
        pageCells.map((cell, i) => cutRegion(cellSource, boxH[i]!, inset(cell.box, CUT_INSET_MM), workPxPerMm)),
      )
    : undefined;
  // A page folded and opened again has the crease's shade across it, as thin as a pen's line, and a sheet feeder's dust
  // a streak down it (see findCreases).
  const creases = findCreases(cellSource, boxH, pageCells);
  const pageReading = { smear, penDepth, blurMm, printDarker: print.darker, ...(creases.length > 0 && { creases }) };
  // Each box measures its strokes against the blur where it lies (see blurAt): a steep photo's near boxes are sharper.
  const boxReadings = pageCells.map((cell) => {
    if (!blur) return pageReading;
    const centre = pagePoint(cell.box.x + cell.box.width / 2, cell.box.y + cell.box.height / 2);
    const addedPx2 = (passes / 2) * cellFactor * cellFactor;
    return {
      ...pageReading,
      blurMm: blurAt(blur, h, centre, addedPx2, blur.smear),
      blurCovarianceMm: blurCovarianceAt(blur, h, centre, addedPx2, blur.smear),
    };
  });
  const surroundings = surroundingsOf(layout, page);
  const cellShare = (STAGE_START.done - STAGE_START.cells) / Math.max(1, pageCells.length);
  const reportEvery = Math.max(1, Math.ceil(pageCells.length / 20));
  let reported = 0;
  const onRead = (read: number) => {
    if (read - reported < reportEvery) return;
    reported = read;
    report(STAGE_START.cells + read * cellShare, "cells");
  };
  // One pen writes a page: whether its faint strokes are bands wider than the blur (a pencil's) or hairlines is
  // decided over the page's faint boxes, and a box whose own strokes said otherwise is read again. Where the blur
  // spreads over a pixel of the cut or more (a photo), by the thinnest of them (BAND_PAGE_THINNEST) or by their ink,
  // where that, a glare's veil taken out (unveiledInkLevels), is darker than a line thinner than the blur can look
  // (tooDarkForHairlines); on a sharper picture (a scan) a hairline's few pixels measure wider than its blur says, and
  // the median decides (RESOLVED_WIDTH).
  const decidePen = (readings: readonly CellReading[]) => {
    const reread = new Map<number, PageReading>();
    const faint = readings.flatMap((r) => (r.bandWidth === undefined ? [] : [r.bandWidth]));
    const unveiled = unveiledInkLevels(readings);
    const faintInk = unveiled.filter((_, i) => readings[i]!.bandWidth !== undefined);
    if (faint.length < MIN_FAINT_BOXES) return reread;
    const pageBlurMm = blurMm ?? 0;
    const bands =
      pageBlurMm * workPxPerMm >= 1
        ? lowerTenth(faint) >= BAND_PAGE_THINNEST || tooDarkForHairlines(median(faintInk), pageBlurMm)
        : median(faint) >= RESOLVED_WIDTH;
    // …and cut as wide as the page's pen at least (see PageLevels.bandRatio).
    const bandRatio = bands ? median(faint) : undefined;
    for (const [index, { bandWidth }] of readings.entries()) {
      if (bandWidth !== undefined && bandWidth >= RESOLVED_WIDTH !== bands) {
        reread.set(index, { ...boxReadings[index], bands, bandRatio });
      }
    }
    return reread;
  };
  // What an eraser left of a letter is judged against the page's letters too: a box whose faintest piece of ink lies
  // under ERASED_PAGE_SHARE of their depth (as much less as a glare's veil took from the box) is read again with that
  // level (see dropGhosts), which empties a box holding nothing else.
  const decide = (readings: readonly CellReading[]) => {
    const reread = decidePen(readings);
    const shares = veilShares(readings);
    const letters = letterDepthOf(
      readings.map((r) => ({ empty: r.cell.empty, inkDepth: r.inkDepth })),
      shares,
    );
    if (letters === undefined) return reread;
    for (const [index, { faintestPiece }] of readings.entries()) {
      const ghostBelow = ERASED_PAGE_SHARE * letters * shares[index]!;
      if (faintestPiece === undefined || faintestPiece >= ghostBelow) continue;
      reread.set(index, { ...(reread.get(index) ?? boxReadings[index]), ghostBelow });
    }
    return reread;
  };
  const boxes = await readBoxes(
    { source: cellSource, boxH, cells: pageCells, surroundings, workPxPerMm, levels: boxReadings },
    helpers,
    decide,
    options.pictures !== false,
    onRead,
  );
  const cellTimes = { cut: 0, clean: 0, trace: 0 };
  for (const { reading } of boxes) {
    cellTimes.cut += reading.millis.cut;
    cellTimes.clean += reading.millis.clean;
    cellTimes.trace += reading.millis.trace;
  }
  // A written box's picture is kept for tracing under its outline in the editors.
  const cells: ScanCell[] = boxes.map(({ reading, picture }) =>
    picture ? { ...reading.cell, picture } : reading.cell,
  );
  const paperLevels = boxes.map(({ reading }) => reading.paperLevel);
  const glare = underGlare(printKept(boxes.map(({ reading }) => reading)));
  const t5 = performance.now();
  // The preview is small: sample it from the shrunk copy, which is cheaper and aliases less.
  const preview = rectifyPage(
    detection,
    factor === 1 ? h : scaleHomography(h, factor),
    layout,
    options.previewPxPerMm ?? 2,
  );
  const t6 = performance.now();
  report(STAGE_START.done, "done");

  return {
    templateId,
    page,
    qcode: qr.text,
    cells,
    warnings: pageWarnings(scanPxPerMm, scales, paperLevels, glare, cells),
    preview,
    diagnostics: {
      scanPxPerMm,
      workPxPerMm,
      markers,
      ...(found.hidden !== undefined && { hiddenMarker: found.hidden }),
      blurMm: blur?.sigmaMm,
      timings: {
        luminance: t1 - t0,
        qr: t2 - t1,
        lookup: t3 - t2,
        markers: t4 - t3,
        cells: t5 - t4,
        boxes: tBoxes - t4,
        cellCut: cellTimes.cut,
        cellClean: cellTimes.clean,
        trace: cellTimes.trace,
        preview: t6 - t5,
        total: t6 - t0,
      },
    },
  };
}

function pageWarnings(
  scanPxPerMm: number,
  scales: number[],
  paperLevels: number[],
  glare: boolean,
  cells: ScanCell[],
): ScanWarning[] {
  const warnings: ScanWarning[] = [];
  if (cells.length > 0 && cells.every((cell) => cell.empty)) warnings.push(scanWarning("PAGE_EMPTY"));
  // 4 px/mm is about 100 dpi: strokes are a few pixels wide and curves get rough.
  if (scanPxPerMm < 4) warnings.push(scanWarning("LOW_RESOLUTION"));
  if (Math.max(...scales) / Math.min(...scales) > 1.8) warnings.push(scanWarning("STRONG_PERSPECTIVE"));
  const sorted = [...paperLevels].sort((a, b) => a - b);
  if (
    sorted.length >= 4 &&
    sorted[Math.floor(sorted.length * 0.05)]! < 0.4 * sorted[Math.floor(sorted.length * 0.95)]!
  ) {
    warnings.push(scanWarning("UNEVEN_LIGHTING"));
  }
  // A glare's veil takes a share of every stroke's depth: faint strokes under it may be lost.
  if (glare) warnings.push(scanWarning("GLARE"));
  return warnings;
}

/**
 * Where the page lies in an image `h` maps it onto, with a margin for a curled edge (whole pixels, end-exclusive); the
 * whole image when the margin's corners do not map onto it (a view so steep that they lie behind the camera).
 */
function pageBounds(h: Homography, paper: Layout["paper"], image: GreyImage): PixelRect | undefined {
  const xs = [-PAGE_MARGIN_MM, paper.widthMm + PAGE_MARGIN_MM];
  const ys = [-PAGE_MARGIN_MM, paper.heightMm + PAGE_MARGIN_MM];
  const corners = xs.flatMap((x) => ys.map((y) => pagePoint(x, y)));
  // The homography's denominator changes sign where the view passes behind the camera.
  const side = (p: { x: number; y: number }) => Math.sign(h[6]! * p.x + h[7]! * p.y + h[8]!);
  const centre = side(pagePoint(paper.widthMm / 2, paper.heightMm / 2));
  if (corners.some((c) => side(c) !== centre)) return undefined;
  const mapped = corners.map((c) => pageToScan(h, c));
  const [left, right] = [Math.min(...mapped.map((c) => c.x)), Math.max(...mapped.map((c) => c.x))];
  const [top, bottom] = [Math.min(...mapped.map((c) => c.y)), Math.max(...mapped.map((c) => c.y))];
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  return {
    x0: clamp(left, image.width),
    y0: clamp(top, image.height),
    x1: clamp(right + 1, image.width),
    y1: clamp(bottom + 1, image.height),
  };
}

/** The homography onto an image `factor` times smaller: pixel index i there covers indices i·f … i·f+f−1 here. */
function scaleHomography(h: Homography, factor: number): Homography {
  // Index coordinates: x' = (x + 0.5) / f − 0.5.
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const s = 1 / factor;
  const t = 0.5 / factor - 0.5;
  return [a * s + g * t, b * s + k * t, c * s + l * t, d * s + g * t, e * s + k * t, f * s + l * t, g, k, l];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value a tenth of `values` lie below (the nearest rank). */
function lowerTenth(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 10)]!;
}
