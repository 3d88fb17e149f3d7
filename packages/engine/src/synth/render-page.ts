/// <reference path="../types/opentype-js.d.ts" />
import opentype, { type Font } from "opentype.js";
import { LABEL_FONT_CAP_HEIGHT, labelFontBytes, printableLabel } from "../template/label-font-bytes.ts";
import type { Layout, LayoutCell } from "../template/layout-types.ts";
import { markPlaceholder, templateMark } from "../template/marks.ts";
import {
  DROPOUT_RGB,
  LABEL_INSET_MM,
  LABEL_RGB,
  LABEL_SIZE_EM,
  MARKER_CENTRE_RATIO,
  MARKER_HOLE_RATIO,
} from "../template/page-geometry.ts";
import { qrMatrix } from "../template/qr-matrix.ts";
import { type Canvas, circle, createCanvas, ellipse, paint, type Rgb, rectangle, toRgba } from "./canvas.ts";
import { type Contour, contoursBox, pathToContours, strokePolygons, transformContours } from "./contours.ts";
import { type CrossingOptions, crossBox } from "./cross-box.ts";
import { printMonochrome } from "./halftone.ts";
import {
  DEFAULT_JITTER,
  type HandwritingFont,
  type Jitter,
  placeGlyph,
  type WrittenGlyph,
  writeGlyph,
} from "./handwriting.ts";
import { createRandom, type Random } from "./random.ts";

/** The truth about one box of a synthetic page: what was written there, in the cell's font units. */
export type GlyphTruth = {
  chars: string;
  variant: number;
  /** Nothing was written (left blank on purpose, or the font lacks the character). */
  empty: boolean;
  /** The written outline (nonzero fill), x from the box's left edge, y up from the printed baseline. */
  contours: Contour[];
  /** The pen's thickening of the outline, in font units (a round pen of this radius). */
  dilation: number;
  /** In pencil: how far below the paper's light the letter's graphite lies where it covers (the tooth aside). */
  inkDepth?: number;
  /** A letter was rubbed out here first (FillOptions.erased): how far below the paper's light its ghost lies at most. */
  ghostDepth?: number;
};

export type SyntheticPage = {
  width: number;
  height: number;
  /** RGBA pixels of the page as printed and written on, at `dpi`, before any capture effects. */
  data: Uint8ClampedArray;
  dpi: number;
  truth: GlyphTruth[];
};

export type FillOptions = {
  page: number;
  dpi: number;
  hand: HandwritingFont;
  seed: number;
  /** Share of boxes left blank, 0–1. */
  blankRatio?: number;
  jitter?: Jitter;
  /** Pen colour; default a blue ballpoint. */
  ink?: Rgb;
  /**
   * Written in graphite pencil instead of ink: each letter a grey between a firm hand's and a light one's
   * (PENCIL_GREYS), laid down unevenly by the paper's tooth (PENCIL_TOOTH). Overrides `ink`.
   */
  pencil?: boolean;
  /**
   * A fine pen of this width (mm) that draws each letter's outline instead of filling it, as a sketchy,
   * outlined hand does: hairline strokes of fine liners and sharp pencils in every direction and curvature.
   * Default: letters are filled (with the jitter's stroke weight).
   */
  hairlineMm?: number;
  /** Letters written past their box (long descenders, tall accented capitals, a tall "!"); default none. */
  crossing?: CrossingOptions;
  /**
   * The printer the template came from: "colour" (default) prints its light blue as it is; "heavy-colour" lays every
   * colour down HEAVY_PRINT times as dark against the paper (an inkjet's dot gain on plain paper, vivid settings);
   * "mono-laser" prints every colour as black toner dots (see printMonochrome).
   */
  printer?: "colour" | "heavy-colour" | "mono-laser";
  /**
   * With `pencil`: the share of boxes (0–1) where a letter was written and rubbed out first (see eraseLetter). A box
   * left blank keeps only the erased letter's ghost; a written one has its letter over the ghost of another (a
   * letter written in the wrong box, erased and written again). Drawn with its own random generator, so every
   * other box reads as without it. The truth holds what was written last: a ghost is no letter.
   */
  erased?: number;
};

const PAPER: Rgb = [252, 252, 249];
const BLACK: Rgb = [18, 18, 20];
const TONER_DROPOUT: Rgb = DROPOUT_RGB;
const TONER_LABEL: Rgb = LABEL_RGB;
export const BALLPOINT_BLUE: Rgb = [28, 38, 120];
/**
 * A pencil's grey where its graphite covers the paper, from a firm hand (HB pressed down) to a light one (a hard
 * lead, or HB held lightly): 0.36–0.64 of the paper's light before the tooth's gaps lighten it further.
 */
const PENCIL_GREYS = [90, 160] as const;
/**
 * Graphite stays on the peaks of the paper's tooth and misses its valleys: the share laid down varies from this
 * to 1, from one fibre's width (PENCIL_TOOTH_MM) to the next.
 */
const PENCIL_TOOTH = 0.55;
const PENCIL_TOOTH_MM = 0.05;

let labelFont: Font | undefined;
const getLabelFont = () => {
  const bytes = labelFontBytes();
  labelFont ??= opentype.parse(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return labelFont;
};

/**
 * Prints a template page as the PDF would (markers, QR code, boxes, guides, labels) and writes in its boxes
 * with a handwriting font, keeping the true outline of every glyph. Deterministic for a given seed.
 */
export function renderFilledPage(layout: Layout, options: FillOptions): SyntheticPage {
  const k = options.dpi / 25.4;
  const width = Math.round(layout.paper.widthMm * k);
  const height = Math.round(layout.paper.heightMm * k);
  const canvas = createCanvas(width, height, PAPER);
  printPage(canvas, layout, options.page, k);
  if (options.printer === "mono-laser") printMonochrome(canvas, k, PAPER, BLACK);
  if (options.printer === "heavy-colour") darkenPrint(canvas, HEAVY_PRINT);
  const random = createRandom(options.seed);
  const tooth = options.pencil ? paperTooth(options.seed, (PENCIL_TOOTH_MM * options.dpi) / 25.4) : undefined;
  const truth: GlyphTruth[] = [];
  const eraser = createRandom(options.seed + ERASER_SEED);
  const pageCells = layout.cells.filter((cell) => cell.page === options.page);
  for (const cell of layout.cells) {
    if (cell.page !== options.page) continue;
    const written = random.next() < (options.blankRatio ?? 0) ? undefined : writeGlyph(options.hand, cell.chars);
    let ghostDepth: number | undefined;
    if (tooth && eraser.next() < (options.erased ?? 0)) {
      const ghost = writeGlyph(options.hand, written ? eraser.pick(pageCells).chars : cell.chars);
      if (ghost) ghostDepth = eraseLetter(canvas, ghost, cell, k, eraser, tooth);
    }
    const erased = ghostDepth === undefined ? {} : { ghostDepth };
    if (!written) {
      truth.push({ chars: cell.chars, variant: cell.variant, empty: true, contours: [], dilation: 0, ...erased });
      continue;
    }
    const boxUnits = (cell.box.width / cell.emMm) * 1000;
    const jitter = options.jitter ?? DEFAULT_JITTER;
    const placed = placeGlyph(written, boxUnits, random, options.hairlineMm ? { ...jitter, weight: 0 } : jitter);
    if (options.crossing)
      placed.contours = crossBox(placed.contours, cell.chars, edgesOf(cell), random, options.crossing);
    const drawn = options.hairlineMm
      ? { contours: strokePolygons(placed.contours, ((options.hairlineMm / 2) * 1000) / cell.emMm), dilation: 0 }
      : placed;
    const toPixels = cellToPixels(cell, k);
    const outline = [...drawn.contours, ...strokePolygons(drawn.contours, drawn.dilation)];
    const grey = tooth ? random.range(...PENCIL_GREYS) : undefined;
    const depth = grey === undefined ? {} : { inkDepth: 1 - grey / 255 };
    truth.push({ chars: cell.chars, variant: cell.variant, empty: false, ...drawn, ...depth, ...erased });
    if (grey !== undefined) paint(canvas, transformContours(outline, toPixels), [grey, grey, grey + 4], "ink", tooth);
    else paint(canvas, transformContours(outline, toPixels), options.ink ?? BALLPOINT_BLUE, "ink");
  }
  return { width, height, data: toRgba(canvas), dpi: options.dpi, truth };
}

/** Offset of the eraser's own random generator from the page's seed (see FillOptions.erased). */
const ERASER_SEED = 15485863;
/**
 * What an eraser leaves of a pencil letter: this share of its graphite (0.05: a soft eraser worked well; 0.2:
 * a quick rub with a hard one), held in the paper's valleys where the lead had missed them.
 */
const ERASED_RESIDUE = [0.05, 0.2] as const;
/** Graphite the eraser smeared beside the strokes (mm, a band this wide) at a third of what stayed on them. */
const ERASER_SMEAR_MM = 0.25;
/** The grey the rubbing leaves over the patch it worked (its depth below paper) and how far past the letter (mm). */
const ERASER_PATCH = [0.01, 0.025] as const;
const ERASER_PATCH_MM = 1.5;

/**
 * Writes `glyph` in a box in pencil and rubs it out: its graphite stays in the tooth's valleys, where the lead
 * had missed them, at a share of ERASED_RESIDUE, smeared beside its strokes, and the rubbed patch is a shade greyer.
 * Returns how far below the paper's light the ghost lies at most.
 */
function eraseLetter(
  canvas: Canvas,
  glyph: WrittenGlyph,
  cell: LayoutCell,
  k: number,
  random: Random,
  tooth: (x: number, y: number) => number,
): number {
  const boxUnits = (cell.box.width / cell.emMm) * 1000;
  const placed = placeGlyph(glyph, boxUnits, random, DEFAULT_JITTER);
  const outline = [...placed.contours, ...strokePolygons(placed.contours, placed.dilation)];
  const toPixels = cellToPixels(cell, k);
  const units = 1000 / cell.emMm;
  const { xMin, yMin, xMax, yMax } = contoursBox(outline);
  const margin = ERASER_PATCH_MM * units;
  const patch = 1 - random.range(...ERASER_PATCH);
  const rubbed = ellipse((xMin + xMax) / 2, (yMin + yMax) / 2, (xMax - xMin) / 2 + margin, (yMax - yMin) / 2 + margin);
  paint(canvas, transformContours([rubbed], toPixels), [255 * patch, 255 * patch, 255 * patch], "ink");
  const grey = random.range(...PENCIL_GREYS);
  const residue = random.range(...ERASED_RESIDUE);
  const left = (share: number): Rgb => [
    255 - share * (255 - grey),
    255 - share * (255 - grey),
    255 - share * (251 - grey),
  ];
  const smear = strokePolygons(outline, ERASER_SMEAR_MM * units);
  paint(canvas, transformContours(smear, toPixels), left(residue / 3), "ink");
  const valleys = (x: number, y: number) => 1 + PENCIL_TOOTH - tooth(x, y);
  paint(canvas, transformContours(outline, toPixels), left(residue), "ink", valleys);
  return residue * (1 - grey / 255);
}

/**
 * The share of a pencil's graphite the paper's tooth takes at each canvas pixel (PENCIL_TOOTH to 1): a fixed random
 * value a fibre (`fibrePx` pixels), interpolated between fibres.
 */
function paperTooth(seed: number, fibrePx: number): (x: number, y: number) => number {
  const at = (i: number, j: number) => {
    let h = Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1) ^ Math.imul(seed, 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  return (x, y) => {
    const u = (x + 0.5) / fibrePx;
    const v = (y + 0.5) / fibrePx;
    const i = Math.floor(u);
    const j = Math.floor(v);
    const fu = u - i;
    const fv = v - j;
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * fu;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fu;
    return PENCIL_TOOTH + (1 - PENCIL_TOOTH) * (top + (bottom - top) * fv);
  };
}

/** How much darker than the template's colours a heavy-handed printer lays them down (their darkness, times). */
const HEAVY_PRINT = 1.7;

/** Makes everything printed `times` as dark against the paper, no darker than black toner. */
function darkenPrint(canvas: Canvas, times: number) {
  const { rgb } = canvas;
  for (let i = 0; i < rgb.length; i++) {
    const paper = PAPER[i % 3]!;
    rgb[i] = Math.max(BLACK[i % 3]!, paper - (paper - rgb[i]!) * times);
  }
}

/** A cell's box edges in its font units (y up from the baseline). */
function edgesOf(cell: LayoutCell) {
  const units = 1000 / cell.emMm;
  return {
    top: (cell.baselineY - cell.box.y) * units,
    bottom: (cell.baselineY - cell.box.y - cell.box.height) * units,
  };
}

/** The affine map from a cell's font units to page pixels (y flips: font y is up, pixels go down). */
export function cellToPixels(cell: LayoutCell, pxPerMm: number): number[] {
  const s = (cell.emMm / 1000) * pxPerMm;
  return [s, 0, 0, -s, cell.box.x * pxPerMm, cell.baselineY * pxPerMm];
}

function printPage(canvas: Canvas, layout: Layout, page: number, k: number) {
  const mm = (contour: Contour) => contour.map((v) => v * k);
  const square = (cx: number, cy: number, side: number) => mm(rectangle(cx - side / 2, cy - side / 2, side, side));
  for (const c of layout.markers.centers) {
    const size = layout.markers.sizeMm;
    paint(canvas, [square(c.x, c.y, size)], BLACK);
    paint(canvas, [square(c.x, c.y, size * MARKER_HOLE_RATIO)], PAPER);
    paint(canvas, [square(c.x, c.y, size * MARKER_CENTRE_RATIO)], BLACK);
  }
  const { size, modules } = qrMatrix(layout.pages.find((p) => p.page === page)!.qcode);
  const module = layout.qr.width / size;
  const qr: Contour[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules[row * size + col])
        qr.push(mm(rectangle(layout.qr.x + col * module, layout.qr.y + row * module, module, module)));
    }
  }
  paint(canvas, qr, BLACK);
  const font = getLabelFont();
  const text = (value: string, xMm: number, baselineMm: number, sizeMm: number, colour: Rgb) => {
    const path = font.getPath(value, xMm * k, baselineMm * k, sizeMm * k).toPathData(3);
    paint(canvas, pathToContours(path, 0.25), colour);
  };
  text(
    `${layout.id} · ${page} / ${layout.pages.length}`,
    layout.paper.widthMm / 2 - 15,
    layout.paper.heightMm - 9,
    3,
    BLACK,
  );
  for (const cell of layout.cells) {
    if (cell.page !== page) continue;
    const { box, baselineY, emMm } = cell;
    const t = 0.2;
    paint(
      canvas,
      [
        mm(rectangle(box.x - t / 2, box.y - t / 2, box.width + t, t)),
        mm(rectangle(box.x - t / 2, box.y + box.height - t / 2, box.width + t, t)),
        mm(rectangle(box.x - t / 2, box.y - t / 2, t, box.height + t)),
        mm(rectangle(box.x + box.width - t / 2, box.y - t / 2, t, box.height + t)),
      ],
      TONER_DROPOUT,
    );
    if (layout.guides.printed) {
      const at = (units: number) => baselineY - (units / 1000) * emMm;
      const line = (y: number, thickness: number, dash?: number) => {
        const parts: Contour[] = [];
        const x0 = box.x + 0.6;
        const x1 = box.x + box.width - 0.6;
        for (let x = x0; x < x1; x += dash ? 2 * dash : x1 - x0) {
          parts.push(mm(rectangle(x, y - thickness / 2, Math.min(dash ?? x1 - x0, x1 - x), thickness)));
        }
        paint(canvas, parts, TONER_DROPOUT);
      };
      line(at(layout.guides.capHeight), 0.18);
      line(at(layout.guides.xHeight), 0.18, 1.2);
      line(baselineY, 0.32);
      line(at(layout.guides.descender), 0.18);
    }
    if (templateMark(cell.chars)) {
      const { dots, dotRadius } = markPlaceholder();
      const u = emMm / 1000;
      const centre = box.x + box.width / 2;
      paint(
        canvas,
        dots.map((dot) => mm(circle(centre + dot.x * u, baselineY - dot.y * u, dotRadius * u))),
        TONER_DROPOUT,
      );
    }
    const capHeight = LABEL_SIZE_EM * emMm;
    text(
      printableLabel(cell.label),
      box.x + LABEL_INSET_MM,
      box.y + LABEL_INSET_MM + capHeight,
      capHeight / LABEL_FONT_CAP_HEIGHT,
      TONER_LABEL,
    );
  }
}
