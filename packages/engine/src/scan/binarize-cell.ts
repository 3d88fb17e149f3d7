import { DROPOUT_RGB, LABEL_RGB } from "../template/page-geometry.ts";
import { BLUR_ALONE, edgeShare, middleDepth, trueWidth } from "./blurred-band.ts";
import { SPECK_MM2 } from "./clean-cell.ts";
import { coreRank, dropGhosts } from "./erased-ghosts.ts";
import type { FloatImage } from "./images.ts";
import { kthSmallest } from "./kth-smallest.ts";
import { labelComponents } from "./label-components.ts";
import { type NormalisedPicture, shadowEdgeZone } from "./normalise-lighting.ts";
import { closing, minFilter } from "./rank-filter.ts";
import { acrossStrokes, bilinear, smoothAlongStrokes } from "./smooth-along-strokes.ts";

/**
 * Where the template printed lines across a cell (box borders and guides), in pixels of the cell: rows for lines
 * running across, columns for lines running down. Only there can a row or a column carry print. `dashed`: the rows of
 * the guides printed dashed (the x-height), which dividing a row by one level cannot take out; `dots`: the dots of a
 * mark box's dotted circle (centre and radius).
 */
export type PrintedLines = {
  rows: readonly number[];
  columns: readonly number[];
  dashed?: readonly number[];
  dots?: readonly { x: number; y: number; radius: number }[];
  /**
   * The boxes the lines belong to, where their borders lie (pixels): a guide runs across its own box, not across a
   * cut that takes in several boxes and the gaps between them. Without them, every line crosses the whole cut.
   */
  boxes?: readonly PixelRect[];
  /**
   * Where removing a motion blur left echoes of the printed rows and columns (pixels; see deblurGhosts): as faint as
   * a pencil's stroke and as long as the line, they are divided out as print is.
   */
  ghostRows?: readonly number[];
  ghostColumns?: readonly number[];
};

/**
 * Where print may lie in a cell (see printableLines), the spans each printed line runs across at one level (whole
 * pixels, end-exclusive, within the cell), and the darkest level a printed line there can have.
 */
type Printable = {
  rows: Uint8Array;
  columns: Uint8Array;
  spans: readonly PixelRect[];
  darkest: number;
  /** The printed lines these were found from. */
  lines: PrintedLines | undefined;
};

/** A rectangle of cell pixels, end-exclusive: where a box's label is printed. */
export type PixelRect = { x0: number; y0: number; x1: number; y1: number };

/**
 * A cell's ink as a mask (1 = ink), with the levels the thresholds came from. `margin` is the lighting-normalised
 * picture minus the threshold each pixel was judged by: negative on ink and smooth, so interpolating it places
 * edges between pixels.
 */
export type CellMask = {
  width: number;
  height: number;
  mask: Uint8Array;
  margin: Float32Array;
  /** The threshold that finds the cell's sure ink: midway between paper and its ink, below any print. */
  threshold: number;
  inkLevel: number;
  /**
   * The ink was found as faint strokes (a hairline thinner than a photo's blur, see faintStrokes): each of its parts
   * was judged a stroke by its length before being cut near its middle, and what that cut left of a line a tenth of
   * a millimetre wide is a piece of the stroke however small its area, not a speck.
   */
  faint?: boolean;
  /**
   * In a box of pale or faint ink, with the page's blur known: the strokes' width at half depth over what the blur
   * alone gives a line (about 1 for a hairline; see bandWidth and RESOLVED_WIDTH), or 0 where its sure ink is a
   * hairline's (a sharp scan's fine liner, narrower than any band whatever its few pixels measure).
   */
  bandWidth?: number;
  /**
   * In a faint box (and one of pale ink, read as faint), the level of its darkest printed line (a guide; the level most
   * of its length lies at, see divideOutPrint), 1 where none was found. A glare's veil lifts it as it lifts the ink
   * (see unveiledInkLevels).
   */
  printLevel?: number;
  /**
   * How deep below paper the ink kept lies at its core (lighting normalised, see coreRank), what is left of erased
   * letters dropped (see dropGhosts); undefined where there is none.
   */
  inkDepth?: number;
  /**
   * The least of the kept pieces' core depths (a piece too small to judge by its deepest pixel, see dropGhosts),
   * which the page may judge again (PageLevels.ghostBelow).
   */
  faintestPiece?: number;
  /** Everything the box held was what an eraser left of a letter (see PageLevels.ghostBelow): it reads empty. */
  erased?: boolean;
};

/** How a box is read beyond its own picture: what the page says (see binarizeCell). */
export type PageLevels = {
  /** How much darker than the template's colour the page's printer laid it down (see measurePrint). */
  printDarker?: number;
  /** The blur along the way it spreads most, standard deviation in page mm (see measureBlur). */
  blurMm?: number;
  /**
   * The blur's covariance at the box (xx, xy, yy, page mm², see blurCovarianceAt), which blurMm is the larger spread
   * of: a band's edges are cut against the blur across its own stroke.
   */
  blurCovarianceMm?: readonly [number, number, number];
  /**
   * Whether the page's faint strokes are bands wider than the blur (a pencil's) rather than hairlines, as decided over
   * the whole page (see RESOLVED_WIDTH); undefined: each box decides by its own strokes.
   */
  bands?: boolean;
  /**
   * A box's own ink level (its cut's darkest 0.1 %), when the picture is a wider cut around the box that follows its
   * ink: the darker of it and the picture's own is judged by. In the wider cut a small letter's strokes cover a smaller
   * share of the picture, whose darkest 0.1 % reaches into their edges: a thin hand's letter looked paler there and went
   * the way of pale pens. Where the box's cut held only the faint tip of ink running in from beyond (a neighbour's
   * descender), the wider cut sees that ink's core.
   */
  boxInkLevel?: number;
  /**
   * On a page whose faint boxes are bands (`bands`), the median of their widths (bandWidth), the page's pen: a box
   * whose own strokes measure thinner is cut as that pen's. Grain makes a box's measure thin: the deepest point across
   * a stroke, found among grainy pixels, lies deeper than the stroke does and what lies under half of that is narrow,
   * the more so in a letter of few strokes. In a dim photo a pencil's D, ":" or "#" measured as thin as the blur alone
   * and was cut as a hairline's, near its middle: a third of its width.
   */
  bandRatio?: number;
  /**
   * A piece of the box's ink whose core lies less deep below paper than this is what an eraser left of a letter (see
   * letterDepthOf), however the box's own pieces compare.
   */
  ghostBelow?: number;
};

const luminance = ([r, g, b]: readonly [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
// The lightest printed element that must not read as ink sets the ceiling of the threshold, with a margin for
// printers that print it darker and for noise.
const GUIDE_LEVEL = Math.min(luminance(DROPOUT_RGB), luminance(LABEL_RGB));
/** The level of the template's light colour (guides and borders) on white paper, as a faithful printer lays it down. */
export const TEMPLATE_COLOUR_LEVEL = luminance(DROPOUT_RGB);
export const MAX_THRESHOLD = GUIDE_LEVEL - 0.11;
/** Darkest level (relative to paper) below which a cell holds no ink at all. */
export const EMPTY_LEVEL = 0.58;

/** Below paper by at least this much (relative), whatever the noise, for a pixel to be ink. */
const MIN_CONTRAST = 0.06;
/** …and by this many standard deviations of the paper's grain, so grain never reads as ink. */
const NOISE_SIGMAS = 4.5;
/**
 * How far (mm) a pixel looks for the core of the stroke it may belong to: from a blurred edge to the core of a
 * line, a little over the blur of a scan or a photo.
 */
const CORE_RADIUS_MM = 0.4;
/**
 * A row (column) is printed on when this share of it is darker than paper: a guide or a border crosses the
 * whole cell (the x-height guide dashed at half), while ink rarely covers a third of a row; where it does, its
 * level is ink's, and the sure threshold rules there as before.
 */
const PRINT_SHARE = 0.3;
/** Rows (columns) either side of a printed one that share its threshold: its blurred edges, a slight tilt. */
const PRINT_SPREAD_PX = 1;
/**
 * In a picture whose print was divided out, a row (column) a share of which lies this many grain deviations below
 * paper still carries a printed line (a dashed guide, left as it is): paper's own grain puts a share PRINT_SHARE of
 * a row only half a deviation below its median.
 */
const PRINT_SIGMAS = 3;
/**
 * How far (mm) from its place in the layout a printed line may show in a cut: what is left of a page's bend and of
 * the markers' error after each box found its own place, and the line's blur.
 */
const PRINT_REACH_MM = 1;
/**
 * Ink in a faint box is read as a band wider than the blur (a pencil's, a pale pen's) when its width at half depth is
 * this many times what the blur alone gives a line, the blur taken along the way it spreads most (so that neither a
 * smear too short to remove nor a steep view makes a hairline look wide), the cuts adding a little blur of their own
 * and a pencil's grain widening what lies under half its deepest point. Measured on the benchmark's pages (median a
 * page, four hands): single 0.1 mm lines and outlined strokes 1.1–1.7, pencil 2.5–2.9 on phone photos and 3.7–7.8 on
 * 300 dpi scans. Between lie strokes no picture tells apart: a thin hand's outlined strokes in a phone photo (two
 * hairlines 0.3 mm apart merged by the blur, 2.1–2.2) look wider than its pencil strokes there (1.7–1.8). A box
 * decides so alone; a page of three faint boxes or more decides for all of them (BAND_PAGE_THINNEST), one pen writing
 * it.
 */
export const RESOLVED_WIDTH = 2.2;
/**
 * A page whose blur spreads over a pixel of the cut or more (a photo's) has bands for faint strokes when the thinnest
 * tenth of its faint boxes measure this much (bandWidth) or more. A line thinner than the blur looks as wide as the
 * blur alone wherever it runs by itself, and a page of hairlines has many boxes of mostly single lines (the thinnest
 * tenth 0.9–1.2 on the benchmark's phone photos, four hands, seeds 0–2); on a pencil's page even the thinnest boxes'
 * strokes are wider than the blur (1.4–1.6 in a thin hand, 2 and over in the others). A page of outlined strokes
 * whose two sides the blur merged into one band (a thin hand's, 1.6–1.9) is read as bands: that is all the picture
 * holds of it. The median does not tell a thin hand's pencil (1.6–1.9) from a broad hand's outlined hairlines (up to
 * 1.6 with the blur at its widest).
 */
export const BAND_PAGE_THINNEST = 1.3;

/**
 * How wide (mm) and how dark (share of paper's light it stops) the thickest hairline is: a 0.1 mm fine liner's line
 * with its ink's spread into the paper, black. Calibrated on the benchmark's hairline phone photos (four hands), whose
 * faint boxes' median ink level lies 0.02–0.05 above what such a line seen through the page's blur can reach.
 */
const HAIRLINE_MM = 0.14;
const HAIRLINE_INK_DEPTH = 0.95;
/**
 * How much darker than the thickest hairline can look a page's faint boxes must be, at their median, to be a pencil's
 * whatever their widths say. The page's blur is measured along the way it spreads most, so a line running the other
 * way is a little deeper than that blur lets it be.
 */
const HAIRLINE_INK_MARGIN = 0.08;

/**
 * Whether faint strokes whose boxes' median ink level (CellMask.inkLevel) is `medianInk` are too dark for hairlines
 * under a blur of `blurMm` (standard deviation, mm): a line thinner than the blur cannot reach its ink's depth, so a
 * page of such boxes is a pencil's (or a pale pen's) even where the widths measured say hairlines. They do on a photo
 * taken at a steep angle, whose blur along the foreshortened way makes every stroke look narrow beside it (the
 * benchmark's pencil steep photo read 22.6 % whole that way, 99.4 % now, its shaken page mended by measuring it).
 */
export function tooDarkForHairlines(medianInk: number, blurMm: number): boolean {
  const lightest = 1 - HAIRLINE_INK_DEPTH * middleDepth(HAIRLINE_MM / blurMm);
  return medianInk <= lightest - HAIRLINE_INK_MARGIN;
}
/**
 * The print whose depth a page's least veiled boxes show: the depth (below paper) of their darkest printed lines that
 * this share of the boxes whose print was measured fall short of.
 */
const UNVEILED_PRINT_SHARE = 0.9;
/**
 * A box whose printed lines lie under this share of that depth below paper is under a veil (a glare's reflection adds
 * light over print, ink and paper alike, and dividing by the paper leaves each a share of its depth). On the
 * benchmark's photos without a glare the faint boxes' guides keep 0.65 of that depth or more, 0.53 on a steep view
 * (whose far boxes are blurred wider); under its glare, down to 0.21–0.30 at the spot.
 */
const VEILED_PRINT = 0.5;
/** No veil is taken to leave less than this share of a line's depth: a guide kept less of it was misread. */
const DEEPEST_VEIL = 0.2;
/** Boxes whose print was measured that a page needs to tell its least veiled print from the rest. */
const VEIL_REFERENCE_BOXES = 8;

/**
 * Each box's share of the depth below paper that the page's least veiled boxes show their printed lines at
 * (CellMask.printLevel; UNVEILED_PRINT_SHARE), and undefined where its print was not measured or the page measured
 * too few boxes' print to tell. Under VEILED_PRINT the box lies under a glare's veil, which left it that share of every
 * depth.
 */
export function printKept(boxes: readonly { printLevel?: number }[]): (number | undefined)[] {
  const depths = boxes.map(({ printLevel }) =>
    printLevel !== undefined && printLevel < 1 ? 1 - printLevel : undefined,
  );
  const measured = depths.filter((depth) => depth !== undefined).sort((a, b) => a - b);
  if (measured.length < VEIL_REFERENCE_BOXES) return boxes.map(() => undefined);
  const unveiled = measured[Math.floor(UNVEILED_PRINT_SHARE * measured.length)]!;
  return depths.map((depth) => (depth === undefined ? undefined : depth / unveiled));
}

/** Boxes under a veil that make a glare worth a warning: no page without one has a single box so (see VEILED_PRINT). */
const GLARE_BOXES = 3;

/** Whether a glare's veil lies over a page whose boxes kept these shares of their print's depth (see printKept). */
export function underGlare(kept: readonly (number | undefined)[]): boolean {
  return kept.filter((share) => share !== undefined && share < VEILED_PRINT).length >= GLARE_BOXES;
}

/**
 * Faint boxes' ink levels (CellMask.inkLevel) with a glare's veil taken out, for telling the page's pen by its
 * darkness (tooDarkForHairlines). A reflection adds light, so under it the ink, like the print, keeps only a share of
 * its depth below paper: a box whose guides kept under VEILED_PRINT of their depth (printKept) has its ink's depth
 * divided by that share. Under a flash's glare, a thin pen's boxes looked as light as hairlines and were cut at their
 * middles (Bad Script seed 73: 104/161 glyphs whole).
 */
export function unveiledInkLevels(boxes: readonly { inkLevel: number; printLevel?: number }[]): number[] {
  const shares = veilShares(boxes);
  return boxes.map(({ inkLevel }, i) => Math.max(0, 1 - (1 - inkLevel) / shares[i]!));
}

/**
 * The share of every depth below paper a glare's veil left each box (see unveiledInkLevels): 1 where its print kept
 * VEILED_PRINT of its depth or more, or was not measured.
 */
export function veilShares(boxes: readonly { printLevel?: number }[]): number[] {
  return printKept(boxes).map((share) =>
    share === undefined || share >= VEILED_PRINT ? 1 : Math.max(DEEPEST_VEIL, share),
  );
}

/**
 * In a band, a pixel that both sides across it are this much deeper than (its depth under this share of theirs) is
 * the paper between two strokes that the blur darkened past half their depth (the bars of a shaken "="), not ink; a
 * pencil's grain, averaged along its strokes, stays well above it.
 */
const BAND_RIDGE = 0.6;
/**
 * Ink whose midway lies this far above the ceiling print sets (MAX_THRESHOLD) may be a pencil's or a pale pen's, which
 * the ceiling would cut this far from its edges: it is also read as faint strokes are, with the print divided out.
 */
const LIGHT_INK_CUT = 0.05;
/**
 * How far (mm) from a dashed guide's edge or a printed dot's what is left of them may show in a faint box: what is
 * left of the page's bend and the markers' error once each box found its place, and (below) twice the page's blur,
 * as far as following a blurred shape to half its depth can reach; without a measured blur, a coarse photo's (a
 * messenger's copy at 3–5 px/mm).
 */
const PRINT_SHAPE_PLACE_MM = 0.2;
const PRINT_SHAPE_BLUR_MM = 0.15;
/** A dashed guide's half thickness (mm), as the template prints it. */
const DASHED_HALF_MM = 0.09;
/** A run this long (mm) along a dashed guide, no thicker than a dash, is a dash's: a stroke's flank is shorter. */
const DASH_RUN_MM = 0.3;
/** A part in a dashed guide's band this many times as deep below paper as the dashes is no dash's remains. */
const DASH_DEPTHS = 3;
/** A blur this small (standard deviation, mm) or smaller leaves a dashed guide's dashes as dark as printed: a scan's. */
const SHARP_DASHES_MM = 0.1;
/** Sure ink this thin (mean width, mm) or thinner is a hairline's, which is followed beyond it. */
const THIN_STROKE_MM = 0.35;
/**
 * A row (column) whose lighter part is this dark or darker is not print (no printed line is darker than the
 * guides' own colour, GUIDE_LEVEL, less some noise) but a long stroke lying along it, which is never divided out.
 */
const DARKEST_PRINT = GUIDE_LEVEL - 0.05;
/** Share of a row (column) darker than its print level: the print's level is its lighter part, clear of ink. */
const PRINT_PERCENTILE = 0.8;
/**
 * In a cell no ink of which reaches EMPTY_LEVEL (a hairline thinner than a photo's blur), a stroke starts where
 * the picture, its print divided out, lies this many standard deviations of the grain below paper: grain alone
 * (Gaussian, and a JPEG's ringing) reaches it about once in a billion pixels.
 */
const FAINT_SIGMAS = 6;
/** Such faint ink counts only in parts this long (mm) or longer: a stroke, not a printed dot or a speck. */
const FAINT_MIN_MM = 0.8;
/** A faint part with more than this share of its pixels along a shadow's edge is the edge's (see findFaintStrokes). */
const SHADOW_EDGE_SHARE = 0.5;
/** …and, lying on a printed line, this long: longer than a dash of the x-height guide (1.2 mm) and its blur. */
const FAINT_ON_PRINT_MM = 2;
/** Grain strung into a part this long (mm) or longer may be a light stroke of a pencil (see faintStrokes). */
const GRAIN_RUN_MM = 1.6;
/**
 * A shorter part is a dot (of an i, a diaeresis, a colon) when it is as large as a speck of dirt (SPECK_MM2) and at
 * least this share as deep as the box's ink: grain reaching the faint threshold does so in a pixel or two, and a pen's
 * dot keeps most of its depth however small the photo makes it. Off print it is kept; on print (a guide, the dashed
 * guide's band) only when darker than print can be (MAX_THRESHOLD).
 */
const FAINT_DOT_DEPTH = 0.5;
/**
 * A line thinner than the blur keeps the blur's profile, several times its own width at half its depth: its width
 * cannot be read from it, only its middle. A faint stroke is kept where the picture, averaged along it, lies within
 * 1 - FAINT_CUT of its deepest point across the stroke: a third of the blur's deviation either side of the middle
 * (0.32 sigma; 0.13 mm across for a phone's blur of 0.2 mm, about a fine pen's width), and where two lines merge
 * into one flat-bottomed dip, the whole bottom. (At 3/4 of the depth, the blur's width, the band's edge lay a photo
 * pixel outside a 0.1 mm line and wandered past it with the grain.) The stroke's deepest point is its own: looking
 * across, past a rise of more than 1 - FAINT_CUT above the deepest point so far (the paper that keeps two lines
 * apart) lies another stroke, and a lighter line cut against a deeper one beside it (the other side of a narrow
 * outlined stroke, or one drawn with less pressure) lost most of its length.
 */
const FAINT_CUT = 0.95;
/**
 * …and lies at least this share as deep as the deepest ink within CORE_RADIUS_MM around it. Two lines thinner than
 * the blur add where they cross, and a line 0.3 mm from the crossing still has the other's blur under it, so its
 * pixels lie 2/3 as deep as the crossing or deeper; grain hanging on a stroke and a guide's dash touching it
 * (a third to a half of a fine liner's depth in a photo) do not.
 */
const FAINT_AROUND = 2 / 3;
/**
 * A faint stroke's direction is read from the picture's curvature at this scale (mm): the pen's own width, finer
 * than the blur, so each of two lines 0.3 mm apart (the two sides of an outlined stroke) keeps its own direction.
 */
const STROKE_ORIENT_MM = 0.1;
/**
 * …and the picture is averaged along it over a Gaussian of this deviation (mm), reaching 0.25 mm either way: about
 * a phone photo's pixel (0.15–0.2 mm at 5–7 px/mm), the size of its grain and of a JPEG's ringing, while a stroke's
 * end or a corner a few tenths of a millimetre round moves by less than that pixel.
 */
const ALONG_STROKE_MM = 0.1;
/**
 * Between the two lines of a narrow outlined stroke merged by the blur (0.3–0.5 mm apart through a blur of about
 * 0.2 mm) the picture lies flat at the pen's scale, and the direction read there (STROKE_ORIENT_MM) is the grain's:
 * a cut looking along the stroke instead of across it finds nothing deeper and keeps the paper between the lines
 * as rungs of ink. There the cut also looks across the band of strokes as its look reaches (CORE_RADIUS_MM either
 * way): the direction read at this scale (mm), where lines that close are one dip.
 */
const BAND_ORIENT_MM = 0.3;
/**
 * The direction read at the pen's scale is a stroke's where the picture curves there this many times as much as
 * paper's grain makes it curve (its median over the strokes' surroundings, mostly paper); elsewhere the cut looks
 * across the band too.
 */
const GRAIN_CURVATURES = 2;

/**
 * Separates ink from paper in a lighting-normalised cell, with two thresholds. Sure ink lies below midway
 * between paper (1) and the cell's darkest ink, and below any print, so guides, labels and borders drop out and a
 * blank box stays blank under noise. Strokes are then followed, pixel by pixel, while they stay below midway
 * between paper and the core of the stroke around them (within CORE_RADIUS_MM): that is where a blurred edge is
 * half dark, its true place, for a bold felt-tip stroke and for a 0.1 mm hairline whose thinnest parts never get
 * as dark as the sure threshold. Following stops short of paper's grain and of the level of any printed line
 * measured across the cell, so a faint stroke neither spreads into the paper nor runs along a guide it touches.
 * Only pixels joined to sure ink count: nothing that was not ink before becomes a letter of its own. Strokes are
 * followed so only where the sure ink is a hairline's (THIN_STROKE_MM).
 * `printDarker` is how much darker than the template's colour the page's printer laid it down (see measurePrint):
 * a box whose darkest is that much darker still holds no ink of its own (EMPTY_LEVEL), and a printed line may be that
 * much darker (DARKEST_PRINT), and sure ink is judged with the printed lines divided out.
 * Pieces far shallower than the box's strokes, what an eraser left of a letter written before, are dropped (see
 * dropGhosts).
 */
export function binarizeCell(
  image: NormalisedPicture,
  pxPerMm = 8,
  labels: readonly PixelRect[] = [],
  print?: PrintedLines,
  page: PageLevels = {},
): CellMask {
  const blurPx = page.blurMm === undefined ? undefined : page.blurMm * pxPerMm;
  const { width, height, data } = image;
  const printable = {
    rows: printableLines(height, pxPerMm, print?.rows, print?.ghostRows),
    columns: printableLines(width, pxPerMm, print?.columns, print?.ghostColumns),
    spans: printSpans(width, height, pxPerMm, print?.boxes),
    darkest: DARKEST_PRINT - (page.printDarker ?? 0),
    lines: print,
  };
  const shapes = printedShapes(width, height, pxPerMm, print, blurPx ?? PRINT_SHAPE_BLUR_MM * pxPerMm);
  const cell = binarizeInk(image, pxPerMm, labels, printable, shapes, page);
  // A pen's box was cut at its ink's midway, under which no ghost reaches; a pencil's or a pale pen's strokes were
  // followed down to their own half depth.
  if (!cell.faint && cell.bandWidth === undefined && page.ghostBelow === undefined) {
    return { ...cell, inkDepth: coreDepth(cell.mask, data) };
  }
  return dropGhosts(cell, printlessDepths(data, width, height, printable, shapes), pxPerMm, page.ghostBelow);
}

/**
 * The depth below paper of each pixel of a box, its print taken out (`withoutPrint`, and each dashed guide's band
 * divided by the dashes' level): an erased letter's ghost over a guide is no deeper than beside it.
 */
function printlessDepths(
  data: Float32Array,
  width: number,
  height: number,
  printable: Printable,
  shapes: PrintedShapes,
): Float32Array {
  const picture = withoutPrint(data, width, height, printable);
  for (const { from, to } of shapes.dashes) {
    const level = dashLevel(picture, width, from, to);
    for (let i = from * width; i < (to + 1) * width; i++) picture[i] = picture[i]! / level;
  }
  return picture;
}

/** How deep a mask's ink lies at its core (see coreRank; `data`: 1 = paper); undefined for an empty mask. */
function coreDepth(mask: Uint8Array, data: Float32Array): number | undefined {
  const depths = new Float32Array(mask.length);
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) depths[n++] = 1 - data[i]!;
  return n > 0 ? kthSmallest(depths.subarray(0, n), coreRank(n)) : undefined;
}

/** The box's ink, ghosts of erased letters and all (see binarizeCell). */
function binarizeInk(
  image: NormalisedPicture,
  pxPerMm: number,
  labels: readonly PixelRect[],
  printable: Printable,
  shapes: PrintedShapes,
  page: PageLevels,
): CellMask {
  const printDarker = page.printDarker ?? 0;
  const blurPx = page.blurMm === undefined ? undefined : page.blurMm * pxPerMm;
  const { width, height, data } = image;
  // The ink level is the darkest 0.1 % of the cell: the core of the strokes, not a noisy extreme pixel.
  const histogram = levelHistogram(data);
  const inkLevel = Math.min(levelBelow(histogram, data.length, 0.001), page.boxInkLevel ?? 1);
  if (inkLevel >= EMPTY_LEVEL - printDarker || !beyondGrain(inkLevel, grainIn(histogram, data.length))) {
    return faintStrokes(image, pxPerMm, labels, inkLevel, printable, shapes, blurPx, page);
  }
  const threshold = Math.min(MAX_THRESHOLD, (1 + inkLevel) / 2);
  // Ink lighter than print can be told from by its level alone (a pencil, a pale pen) is cut far below its midway by
  // the ceiling, which thins its strokes, breaks a pencil's grain into holes and loses its dots: where the page's blur
  // is known, such a box is read as a faint one, with the print divided out, and kept so if its strokes are bands
  // wider than the blur. Hairlines (and two merged into one band by the blur, an outlined stroke's sides) are read
  // below as before.
  const sure = sureInk(image, pxPerMm, inkLevel, threshold, printable, printDarker);
  clearLabelPrint(sure, labels);
  // A hairline's sure ink is thin whatever the ceiling: only ink as wide as a stroke once its grain's holes are
  // closed is looked at again. A thin one still tells the page its pen draws hairlines (see readScan), unless the page
  // has said its pen is a pencil's (`bands`): then the ceiling caught only the grain's darkest specks of a light
  // stroke (a curled page's Э kept 3 % of its ink), and the box is read as the page's pen.
  if (blurPx === undefined || (1 + inkLevel) / 2 - threshold <= LIGHT_INK_CUT) return sure;
  const closedWidth = meanWidth(withHolesClosed(sure.mask, width, height), width, height);
  if (closedWidth <= THIN_STROKE_MM * pxPerMm && page.bands !== true) return { ...sure, bandWidth: 0 };
  const light = faintStrokes(image, pxPerMm, labels, inkLevel, printable, shapes, blurPx, page);
  // Read as hairlines, the sure ink is kept unless it holds less ink than the hairlines' middles: then the ceiling
  // left only pieces of strokes too blurred to reach it (a thin pen in a coarse photo), where crossings add up.
  if (!light.faint || count(sure.mask) < count(light.mask)) return light;
  return { ...sure, bandWidth: light.bandWidth, printLevel: light.printLevel };
}

/**
 * Clears the parts of a mask that lie wholly within a label's place: print, whatever its level. A label's strokes are
 * as thin and as dark as a pen's where a printer lays the template's colour down heavily, and beside a letter as small
 * as a grave accent they are no speck (see cleanCell). A stroke crossing a label runs out of its place and stays.
 * Faint boxes never take a label's pixels (faintStrokes). The mask is labelled only when ink lies in a label's place.
 */
function clearLabelPrint({ mask, margin, width, height }: CellMask, labels: readonly PixelRect[]) {
  const places = labels.map((r) => ({
    x0: Math.max(0, r.x0),
    y0: Math.max(0, r.y0),
    x1: Math.min(width, r.x1),
    y1: Math.min(height, r.y1),
  }));
  if (!places.some((r) => anySet(mask, width, r))) return;
  const parts = labelComponents(mask, width, height);
  const print = new Uint8Array(parts.count + 1);
  for (let l = 1; l <= parts.count; l++) {
    const within = (r: PixelRect) =>
      parts.minX[l]! >= r.x0 && parts.maxX[l]! < r.x1 && parts.minY[l]! >= r.y0 && parts.maxY[l]! < r.y1;
    if (places.some(within)) print[l] = 1;
  }
  for (let i = 0; i < mask.length; i++) {
    if (!print[parts.labels[i]!]) continue;
    // Paper now, with its edge where the mask's was (see CellMask.margin).
    mask[i] = 0;
    margin[i] = 0;
  }
}

/** Whether any pixel of a mask `width` wide is set within a rectangle (end-exclusive, within the mask). */
function anySet(mask: Uint8Array, width: number, r: PixelRect): boolean {
  for (let y = r.y0; y < r.y1; y++) {
    for (let i = y * width + r.x0; i < y * width + r.x1; i++) if (mask[i]) return true;
  }
  return false;
}

/** How many pixels a mask sets. */
function count(mask: Uint8Array): number {
  let total = 0;
  for (let i = 0; i < mask.length; i++) total += mask[i]!;
  return total;
}

/** A mask with its holes and gaps a pixel wide filled (a 3 × 3 closing). */
function withHolesClosed(mask: Uint8Array, width: number, height: number): Uint8Array {
  const picture = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) picture[i] = mask[i]!;
  const closed = closing(picture, width, height, 1);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = closed[i]! > 0.5 ? 1 : 0;
  return out;
}

/**
 * A box's sure ink, below `threshold`, followed beyond it where it is a hairline's (see binarizeCell).
 */
function sureInk(
  image: FloatImage,
  pxPerMm: number,
  inkLevel: number,
  threshold: number,
  printable: Printable,
  printDarker: number,
): CellMask {
  const { width, height, data } = image;
  const n = data.length;
  const mask = new Uint8Array(n);
  const margin = new Float32Array(n);
  // Sure ink first; then (below) every pixel under its own level joined to it (8-connected, as components are
  // labelled).
  const queue = new Int32Array(n);
  // Print laid down darker than the template's colour can reach the sure threshold: where the page's printer did
  // that, sure ink is judged with the printed lines divided out (ink over a guide keeps its own level there).
  const judged = printDarker > 0 ? withoutPrint(data, width, height, printable) : data;
  const tail = markBelow(judged, threshold, mask, queue);
  // Only hairlines are followed beyond sure ink. A stroke as wide as the blur or wider reaches its ink's level
  // and its sure ink already lies where its edges are; following a blurred one (a photo shaken or taken at a
  // steep angle) to midway would only fatten it and join strokes close together.
  if (meanWidth(mask, width, height) > THIN_STROKE_MM * pxPerMm) {
    marginBelow(judged, threshold, margin);
    return { width, height, mask, margin, threshold, inkLevel };
  }
  // Strokes are followed on the picture with its printed lines divided out: where a stroke runs beside a guide,
  // the guide's darkness would otherwise add to the stroke's blurred edge and widen it towards the guide.
  const flat = judged !== data ? judged : withoutPrint(data, width, height, printable);
  const grain = grainOf(flat);
  followStrokes(flat, width, height, pxPerMm, grain, threshold, mask, margin, queue, tail, printable);
  keepSureInk(judged, threshold, margin);
  return { width, height, mask, margin, threshold, inkLevel };
}

// sureInk's loops over the whole box are functions of their own with nothing after the loop: V8 compiles a hot loop
// on its own while it runs, and such code with more after the loop (here a call and an object never run yet) was
// thrown away box after box on a fresh thread (measured: 160 times in one cold read).

/** Marks the pixels darker than `threshold` in `mask` and lists them in `queue`; returns how many there are. */
function markBelow(data: Float32Array, threshold: number, mask: Uint8Array, queue: Int32Array): number {
  let tail = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i]! < threshold) {
      mask[i] = 1;
      queue[tail++] = i;
    }
  }
  return tail;
}

/** Sure ink stays ink whatever the print under it: its margin is its own level's. */
function keepSureInk(data: Float32Array, threshold: number, margin: Float32Array) {
  for (let i = 0; i < data.length; i++) if (data[i]! < threshold && margin[i]! >= 0) margin[i] = data[i]! - threshold;
}

/** Each pixel's level less `threshold` (below 0: ink). */
function marginBelow(data: Float32Array, threshold: number, margin: Float32Array) {
  for (let i = 0; i < data.length; i++) margin[i] = data[i]! - threshold;
}

/**
 * Follows strokes from the ink in `mask` (its pixels listed in `queue`), pixel by pixel, while they stay below
 * midway between paper and the core of the stroke around them, above paper's grain and under the level of any
 * printed line measured across the cell; fills `margin` with each pixel's distance below its own level.
 */
function followStrokes(
  data: Float32Array,
  width: number,
  height: number,
  pxPerMm: number,
  grain: number,
  threshold: number,
  mask: Uint8Array,
  margin: Float32Array,
  queue: Int32Array,
  seeds: number,
  printable: Printable,
  cut = 0.5,
): { rowCaps: Float32Array; columnCaps: Float32Array; floor: number; core: Float32Array } {
  const n = data.length;
  let tail = seeds;
  const floor = 1 - Math.max(MIN_CONTRAST, NOISE_SIGMAS * grain);
  const below = Math.max(0.04, 3 * grain);
  const rowCaps = printCaps(data, width, height, printable.rows, true, floor, below, threshold);
  const columnCaps = printCaps(data, width, height, printable.columns, false, floor, below, threshold);
  const core = minFilter(data, width, height, Math.max(1, Math.round(CORE_RADIUS_MM * pxPerMm)));
  for (let y = 0; y < height; y++) {
    const rowCap = rowCaps[y]!;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let level = 1 - cut * (1 - core[i]!);
      if (level > rowCap) level = rowCap;
      if (level > columnCaps[x]!) level = columnCaps[x]!;
      if (level < threshold) level = threshold;
      margin[i] = data[i]! - level;
    }
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const j = yy * width + xx;
        if (mask[j] || margin[j]! >= 0) continue;
        mask[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  // Pixels below their level but not joined to sure ink are paper: the edges interpolated from `margin` must
  // not reach into them.
  for (let i = 0; i < n; i++) if (!mask[i] && margin[i]! < 0) margin[i] = 0;
  return { rowCaps, columnCaps, floor, core };
}

/**
 * Finds the strokes of a cell none of whose ink reaches EMPTY_LEVEL: blank, or written with a hairline that a photo's
 * blur left about as light as the printed guides (a 0.1 mm line seen at 5–7 px/mm keeps a sixth of its contrast). Its
 * print is divided out (see withoutPrint) and its label's place keeps the ceiling every cell has (MAX_THRESHOLD), so
 * what is left is paper's grain and ink; strokes start FAINT_SIGMAS of the grain below paper and are followed as
 * hairlines are. Parts shorter than FAINT_MIN_MM are dropped: a blank box stays blank (returned as its mask, as is a
 * box with nothing below the threshold).
 */
function findFaintStrokes(
  image: NormalisedPicture,
  pxPerMm: number,
  labels: readonly PixelRect[],
  inkLevel: number,
  printable: Printable,
  shapes: PrintedShapes,
  blurPx: number | undefined,
): CellMask | FoundStrokes {
  const { width, height, data } = image;
  const n = data.length;
  const { picture: flat, rows: rowLevels, columns: columnLevels } = divideOutPrint(data, width, height, printable);
  const darkestLine = Math.min(...rowLevels, ...columnLevels);
  const grain = grainOf(flat);
  // What lies this far below a level lies below it whatever the grain.
  const aboveGrain = Math.max(0.04, 3 * grain);
  const threshold = 1 - Math.max(MIN_CONTRAST, FAINT_SIGMAS * grain);
  const mask = new Uint8Array(n);
  const margin = new Float32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  const onLabel = new Uint8Array(n);
  for (const r of labels) {
    for (let y = Math.max(0, r.y0); y < Math.min(height, r.y1); y++) {
      for (let x = Math.max(0, r.x0); x < Math.min(width, r.x1); x++) onLabel[y * width + x] = 1;
    }
  }
  // In a shadow the division raised the picture's noise by lit / level (see NormalisedPicture), and the grain measured
  // over the whole box is the lit paper's and the shadow's mixed: a stroke starts FAINT_SIGMAS of the grain below
  // paper where it lies, the lit paper's grain raised as much there, when that is the larger.
  const divided = image.dividedBy;
  const noiseGain = divided?.levels.map((level) => Math.max(1, divided.lit / level));
  const litGrain = noiseGain && grainOf(flat.map((v, i) => 1 + (v - 1) / noiseGain[i]!));
  for (let i = 0; i < n; i++) {
    const start = litGrain
      ? 1 - Math.max(MIN_CONTRAST, FAINT_SIGMAS * Math.max(grain, litGrain * noiseGain[i]!))
      : threshold;
    if (flat[i]! < start && !onLabel[i]) {
      mask[i] = 1;
      queue[tail++] = i;
    }
  }
  if (tail > 0) {
    // A label is as dark as a faint stroke: nothing is followed into it.
    for (let i = 0; i < n; i++) if (onLabel[i]) flat[i] = 1;
    followStrokes(flat, width, height, pxPerMm, grain, threshold, mask, margin, queue, tail, printable);
    // On a scan the dashes keep their print's depth, as deep as a pale pen's stroke, and seed strokes of their own; a
    // photo's blur leaves them lighter than a stroke must start (and there a hairline along the guide would read as
    // thin as a dash).
    if (blurPx !== undefined && blurPx <= SHARP_DASHES_MM * pxPerMm) {
      clearDashes(mask, flat, width, height, shapes, pxPerMm, aboveGrain);
    }
    // Print left after dividing it out (the dashed guide) lies a share of its line well under paper's median.
    const printLevel = percentileOf(flat, 0.5) - PRINT_SIGMAS * grain;
    const printedRows = printedLines(flat, width, height, printable.rows, true, printLevel);
    const printedColumns = printedLines(flat, width, height, printable.columns, false, printLevel);
    const parts = labelComponents(mask, width, height);
    // Rows (columns) a printed line was divided out of, and one either side: what dividing by one level along the
    // line leaves of it where it is uneven (a JPEG's blocks and ringing along it, in a photo coarser than the cut).
    const dividedRows = dividedLines(rowLevels, 1 - PRINT_SIGMAS * grain);
    const dividedColumns = dividedLines(columnLevels, 1 - PRINT_SIGMAS * grain);
    const offPrint = new Uint8Array(parts.count + 1);
    const offRows = new Uint8Array(parts.count + 1);
    const offColumns = new Uint8Array(parts.count + 1);
    const offShapes = new Uint8Array(parts.count + 1);
    const onShadowEdge = new Int32Array(parts.count + 1);
    const shadowEdge = shadowEdgeZone(image);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const l = parts.labels[y * width + x]!;
        if (!l) continue;
        if (!printedRows[y] && !printedColumns[x]) offPrint[l] = 1;
        if (!dividedRows[y]) offRows[l] = 1;
        if (!dividedColumns[x]) offColumns[l] = 1;
        if (!shapes.zone[y * width + x]) offShapes[l] = 1;
        if (shadowEdge?.[y * width + x]) onShadowEdge[l] = onShadowEdge[l]! + 1;
      }
    }
    const deepest = new Float32Array(parts.count + 1).fill(1);
    for (let i = 0; i < n; i++) {
      const l = parts.labels[i]!;
      if (l && flat[i]! < deepest[l]!) deepest[l] = flat[i]!;
    }
    // Only a box holding a pen's ink (as dark as EMPTY_LEVEL, and beyond its grain) measures how deep a dot must be by
    // it: in a box of hairlines, or a blank one, its darkest is grain or print.
    const printDarker = DARKEST_PRINT - printable.darkest;
    const penInk = inkLevel < EMPTY_LEVEL - printDarker && beyondGrain(inkLevel, grain);
    const dotArea = SPECK_MM2 * pxPerMm * pxPerMm;
    const dotLevel = 1 - FAINT_DOT_DEPTH * (1 - inkLevel);
    // No print is darker than the sure threshold's ceiling, lowered as much as the page's printer darkened print, and
    // a part's darkest pixel lies some grain below its own level.
    const inkOnly = MAX_THRESHOLD - printDarker - aboveGrain;
    // Within a dashed guide's band, a part darker than the dashes is a letter's (a pencil's dot written on the guide,
    // lighter than the ceiling print sets), not what is left of the guide, if it is thicker than a dash's remains or
    // lies DASH_DEPTHS times as deep below paper as the dashes, half as deep as the box's ink and as large as a round dot
    // FAINT_MIN_MM across (an і's dots a shaken photo smeared into one flat bar along the guide: a dash's remains lie
    // at the dashes' level, and grain is shallower or smaller).
    const dashBands = shapes.dashes.map(({ from, to }) => ({ from, to, level: dashLevel(flat, width, from, to) }));
    const dotOfStroke = (Math.PI / 4) * (FAINT_MIN_MM * pxPerMm) ** 2;
    const overDashes = (l: number) => {
      if (parts.area[l]! < dotArea) return false;
      const thick = parts.maxY[l]! - parts.minY[l]! + 1 > shapes.dashRows;
      return dashBands.some(
        (b) =>
          parts.minY[l]! >= b.from &&
          parts.maxY[l]! <= b.to &&
          deepest[l]! < b.level - aboveGrain &&
          (thick ||
            (1 - deepest[l]! > DASH_DEPTHS * (1 - b.level) &&
              deepest[l]! <= dotLevel &&
              parts.area[l]! >= dotOfStroke)),
      );
    };
    const keep = new Uint8Array(parts.count + 1);
    const kept = { x0: width, y0: height, x1: 0, y1: 0 };
    for (let l = 1; l <= parts.count; l++) {
      const extent = Math.max(parts.maxX[l]! - parts.minX[l]!, parts.maxY[l]! - parts.minY[l]!) + 1;
      // A part lying wholly within a printed line, the dashed guide's band or a mark box's dots is what is left of
      // them, however long (a stroke written over print runs off it somewhere), unless it is a dot darker than print.
      const dot = penInk && parts.area[l]! >= dotArea && deepest[l]! <= dotLevel;
      const unprinted = (dot && deepest[l]! < inkOnly) || overDashes(l);
      if (!unprinted && (!offRows[l] || !offColumns[l] || !offShapes[l])) continue;
      // A part lying mostly along a shadow's edge is what dividing by the paper left of the edge (see shadowEdgeZone);
      // a faint stroke crossing the edge lies mostly off it.
      if (onShadowEdge[l]! > SHADOW_EDGE_SHARE * parts.area[l]!) continue;
      // In a box holding a pen's ink, a part under half as deep is grain strung along the faint threshold, however
      // long: a letter's other strokes come from the same pen. A pencil's strokes range from firm to light, but a
      // short part under a third as deep as the box's ink is grain too (a light stroke is long or joins the letter).
      const shallow =
        (penInk && deepest[l]! > dotLevel) || (extent < GRAIN_RUN_MM * pxPerMm && 1 - deepest[l]! < (1 - inkLevel) / 3);
      const long = !shallow && extent >= (offPrint[l] ? FAINT_MIN_MM : FAINT_ON_PRINT_MM) * pxPerMm;
      keep[l] = unprinted || (dot && offPrint[l]) || long ? 1 : 0;
      if (!keep[l]) continue;
      kept.x0 = Math.min(kept.x0, parts.minX[l]!);
      kept.y0 = Math.min(kept.y0, parts.minY[l]!);
      kept.x1 = Math.max(kept.x1, parts.maxX[l]! + 1);
      kept.y1 = Math.max(kept.y1, parts.maxY[l]! + 1);
    }
    // Nothing kept (a blank box's grain and print): no stroke to cut, and a blank box has no width to measure.
    if (kept.x1 === 0) {
      mask.fill(0);
      margin.fill(1);
      return { width, height, mask, margin, threshold, inkLevel, faint: true, printLevel: darkestLine };
    }
    // JPEG's grain and a phone's noise are as coarse as the photo's pixels, as wide as the faint line itself: the
    // edges are cut on the picture averaged along the strokes, where grain is evened out and strokes keep their
    // place and profile. (Strokes are found and followed on the picture itself, whose grain was measured.)
    const { picture: smooth, across, band } = smoothAround(flat, width, height, kept, pxPerMm);
    // Each pixel's direction across its stroke: its own at the pen's scale, the band's where that one is the grain's.
    const strokeNormal = new Float32Array(n);
    // What was found is cut near its middle: each pixel of it against the deepest point of its own stroke across it
    // (FAINT_CUT), within CORE_RADIUS_MM, and against the deepest ink all around it (FAINT_AROUND), where a crossing
    // or the other side of an outlined stroke may be deeper.
    const radius = Math.max(1, Math.round(CORE_RADIUS_MM * pxPerMm));
    const around = minFilter(smooth, width, height, radius);
    const core = Float32Array.from(around);
    for (let i = 0; i < n; i++) {
      if (!mask[i]) continue;
      const x = i % width;
      const y = (i - x) / width;
      // Across the stroke as read at the pen's scale, and across the band where that direction is the grain's (NaN).
      const least = deepestAcross(smooth, width, height, x, y, across[i]!, radius, smooth[i]!);
      core[i] = Number.isNaN(band[i]!) ? least : deepestAcross(smooth, width, height, x, y, band[i]!, radius, least);
      strokeNormal[i] = Number.isNaN(band[i]!) ? across[i]! : band[i]!;
    }
    const measured =
      blurPx === undefined ? undefined : bandWidth(smooth, core, mask, parts, keep, width, height, blurPx);
    return {
      width,
      height,
      mask,
      threshold,
      inkLevel,
      smooth,
      core,
      around,
      parts: parts.labels,
      keep,
      flat,
      measured,
      aboveGrain,
      strokeNormal,
      printLevel: darkestLine,
    };
  }
  margin.fill(1);
  return { width, height, mask, margin, threshold, inkLevel, faint: true, printLevel: darkestLine };
}

/**
 * What findFaintStrokes found in a faint box before the page's pen is known: its strokes' mask (uncut), the picture
 * with print divided out and averaged along the strokes, each pixel's core and surroundings, the parts kept, and the
 * strokes' width (see bandWidth). Cutting them (cutFaintStrokes) is all that a page's decision changes.
 */
type FoundStrokes = {
  width: number;
  height: number;
  mask: Uint8Array;
  threshold: number;
  inkLevel: number;
  smooth: Float32Array;
  core: Float32Array;
  around: Float32Array;
  /** The mask's parts (labelComponents' labels), and which are kept. */
  parts: Int32Array;
  keep: Uint8Array;
  flat: Float32Array;
  measured: { pixels: number; ratio: number } | undefined;
  /** What lies this far below a level lies below it whatever the grain. */
  aboveGrain: number;
  /** Each pixel's direction across its stroke (radians, in the mask), 0 off the mask. */
  strokeNormal: Float32Array;
  /** The level of the darkest printed line (see CellMask.printLevel). */
  printLevel: number;
};

/** A blur's covariance (xx, xy, yy). */
type Covariance = readonly [number, number, number];

/** A covariance in page mm² as the cut's pixels² (`pxPerMm` of them a millimetre). */
function inPixels([xx, xy, yy]: Covariance, pxPerMm: number): Covariance {
  const k = pxPerMm * pxPerMm;
  return [xx * k, xy * k, yy * k];
}

/**
 * Where each pixel of a band of strokes has its true edge, as a share of its core's depth (see edgeShare): judged
 * against the blur across its own stroke (`covariance`, cut pixels²), not the blur's widest. A shaken or steep photo
 * blurs its strokes several times more one way than the other: its upright stems, sharp across, were cut as a band
 * of their width under the widest blur would have its edges, near their middles, and came back a third as wide as
 * written (Bad Script, seed 61, steep and shaken). The pen's width comes from the strokes' width at half depth
 * (`pixels`, see bandWidth) through the blur its strokes measured it under: the mean across them.
 */
function cutsAcross({ mask, keep, parts, strokeNormal }: FoundStrokes, pixels: number, covariance: Covariance) {
  const [xx, xy, yy] = covariance;
  const across = new Float32Array(mask.length);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const [c, s] = [Math.cos(strokeNormal[i]!), Math.sin(strokeNormal[i]!)];
    across[i] = Math.sqrt(Math.max(1e-6, c * c * xx + 2 * c * s * xy + s * s * yy));
    if (!keep[parts[i]!]) continue;
    sum += across[i]!;
    count++;
  }
  const mean = sum / Math.max(1, count);
  const pen = trueWidth(pixels / mean) * mean;
  const cuts = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (mask[i]) cuts[i] = Math.min(FAINT_CUT, edgeShare(pen / across[i]!));
  return cuts;
}

/**
 * Faint strokes found in a picture, by the picture (with the same labels and printed lines, the same objects: a
 * prepared region's, see PreparedRegions): a box read again as the page decides finds the same ones.
 */
const foundIn = new WeakMap<
  FloatImage,
  {
    labels: readonly PixelRect[];
    lines: PrintedLines | undefined;
    pxPerMm: number;
    inkLevel: number;
    blurPx: number | undefined;
    darkest: number;
    found: CellMask | FoundStrokes;
  }
>();

/**
 * A faint cell's strokes (see findFaintStrokes) cut as bands or as hairlines as the page says (PageLevels.bands and
 * bandRatio; see cutFaintStrokes). What was found in the same picture before (a box read again as the page decides,
 * from the regions its first reading prepared) is cut again, not found again.
 */
function faintStrokes(
  image: NormalisedPicture,
  pxPerMm: number,
  labels: readonly PixelRect[],
  inkLevel: number,
  printable: Printable,
  shapes: PrintedShapes,
  blurPx: number | undefined,
  page: PageLevels,
): CellMask {
  const darkest = printable.darkest;
  let known = foundIn.get(image);
  const same =
    known?.labels === labels &&
    known.lines === printable.lines &&
    known.pxPerMm === pxPerMm &&
    known.inkLevel === inkLevel &&
    known.blurPx === blurPx &&
    known.darkest === darkest;
  if (!known || !same) {
    const found = findFaintStrokes(image, pxPerMm, labels, inkLevel, printable, shapes, blurPx);
    known = { labels, lines: printable.lines, pxPerMm, inkLevel, blurPx, darkest, found };
    foundIn.set(image, known);
  }
  const { found } = known;
  if ("margin" in found)
    return { ...found, mask: Uint8Array.from(found.mask), margin: Float32Array.from(found.margin) };
  return cutFaintStrokes(found, pxPerMm, shapes, blurPx, page);
}

/** Cuts what findFaintStrokes found (a copy of its mask) as bands or as hairlines. */
function cutFaintStrokes(
  found: FoundStrokes,
  pxPerMm: number,
  shapes: PrintedShapes,
  blurPx: number | undefined,
  { bands, bandRatio: pageRatio, blurCovarianceMm }: PageLevels,
): CellMask {
  const { width, height, threshold, inkLevel, smooth, core, around, parts, keep, flat, measured, aboveGrain } = found;
  const n = width * height;
  const mask = Uint8Array.from(found.mask);
  const margin = new Float32Array(n);
  const radius = Math.max(1, Math.round(CORE_RADIUS_MM * pxPerMm));
  // A band wider than the blur has its true edges where a blurred band of its width falls to edgeShare of its
  // depth (half way for one much wider than the blur); a hairline is cut near its middle.
  const asBand = measured !== undefined && (bands ?? measured.ratio >= RESOLVED_WIDTH);
  // One pen writes a page: on a page of bands, a box that measured its own thinner than the page's pen did is cut
  // as that pen's (see PageLevels.bandRatio).
  const pagePixels = bands && pageRatio !== undefined ? pageRatio * BLUR_ALONE * blurPx! : 0;
  const pixels = measured && Math.max(measured.pixels, pagePixels);
  const cut = asBand ? Math.min(FAINT_CUT, edgeShare(trueWidth(pixels! / blurPx!))) : FAINT_CUT;
  const cuts = asBand && blurCovarianceMm ? cutsAcross(found, pixels!, inPixels(blurCovarianceMm, pxPerMm)) : undefined;
  const between = asBand ? strokesAside(smooth, mask, width, height, 2 * radius) : undefined;

  for (let i = 0; i < n; i++) {
    const level = Math.min(
      1 - (cuts ? cuts[i]! : cut) * (1 - core[i]!),
      1 - Math.min(FAINT_AROUND, cut) * (1 - around[i]!),
      1 - MIN_CONTRAST,
    );
    const ridge = between !== undefined && 1 - smooth[i]! < BAND_RIDGE * (1 - between[i]!);
    const below = ridge ? Math.max(0, smooth[i]! - level) : smooth[i]! - level;
    if (mask[i] && keep[parts[i]!] && below < 0) margin[i] = below;
    else {
      mask[i] = 0;
      // Paper lies above its level, so edges fall between pixels; what is below it here is not ink.
      margin[i] = below > 0 ? below : 0;
    }
  }
  // A dash that a faint stroke touched was cut off it with the stroke's edge (a band's or a hairline's), and now lies
  // apart from it.
  dropDashPieces(mask, margin, flat, width, height, shapes, pxPerMm, aboveGrain);
  // A band's pieces are a pen's strokes like any: its pinholes and specks are noise.
  const { printLevel } = found;
  if (measured) {
    return { width, height, mask, margin, threshold, inkLevel, faint: !asBand, bandWidth: measured.ratio, printLevel };
  }
  return { width, height, mask, margin, threshold, inkLevel, faint: true, printLevel };
}

/**
 * The deepest level of `picture` on either side of (x, y) along `angle` (radians) within `radius` pixels, each side
 * looked along until it turns lighter than its deepest point by more than FAINT_CUT allows (paper between this stroke
 * and another), and `least` if that is deeper.
 */
function deepestAcross(
  picture: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  angle: number,
  radius: number,
  least: number,
): number {
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const centre = picture[y * width + x]!;
  for (let side = 1; side >= -1; side -= 2) {
    let deepest = centre;
    for (let k = 1; k <= radius; k++) {
      const v = bilinear(picture, width, height, x + side * k * dx, y + side * k * dy);
      if (v < deepest) deepest = v;
      else if (1 - v < FAINT_CUT * (1 - deepest)) break;
    }
    if (deepest < least) least = deepest;
  }
  return least;
}

/**
 * For each pixel of `mask`: the deepest level that lies on both sides of it along one of four directions within
 * `radius` (the shallower side's deepest point, the deepest over the directions); 1 elsewhere. A pixel much lighter
 * than that lies between two strokes.
 */
function strokesAside(
  picture: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const out = new Float32Array(picture.length).fill(1);
  const d = Math.SQRT1_2;
  for (let i = 0; i < picture.length; i++) {
    if (!mask[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    const rows = shallowerAlongAxis(picture, i, x, width, 1, radius);
    const columns = shallowerAlongAxis(picture, i, y, height, width, radius);
    const diagonals = Math.min(
      shallowerSide(picture, width, height, x, y, d, d, radius),
      shallowerSide(picture, width, height, x, y, d, -d, radius),
    );
    out[i] = Math.min(1, rows, columns, diagonals);
  }
  return out;
}

/**
 * shallowerSide along a row (`step` 1) or a column (`step` the width), from pixel `i` at `at` of the line's `count`:
 * there every sample falls on a pixel (the end one past the picture's edge), which the bilinear samples return
 * exactly, so the pixels are read directly (a third of strokesAside's time on a pencil page).
 */
function shallowerAlongAxis(picture: Float32Array, i: number, at: number, count: number, step: number, radius: number) {
  let ahead = 1;
  let behind = 1;
  for (let k = 1; k <= radius; k++) {
    const forward = picture[i + (at + k < count ? k : count - 1 - at) * step]!;
    const backward = picture[i - (at - k >= 0 ? k : at) * step]!;
    if (forward < ahead) ahead = forward;
    if (backward < behind) behind = backward;
  }
  return ahead > behind ? ahead : behind;
}

/** Of the deepest levels on the two sides of (x, y) along (dx, dy) within `radius` pixels, the shallower. */
function shallowerSide(
  picture: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  radius: number,
): number {
  let shallower = 0;
  for (let side = 1; side >= -1; side -= 2) {
    let deepest = 1;
    for (let k = 1; k <= radius; k++) {
      const v = bilinear(picture, width, height, x + side * k * dx, y + side * k * dy);
      if (v < deepest) deepest = v;
    }
    if (deepest > shallower) shallower = deepest;
  }
  return shallower;
}

/**
 * The width at half depth of a faint box's kept strokes (pixels), and over what the blur alone (`blurPx`, standard
 * deviation) gives a line: a line thinner than the blur keeps the blur's profile, its width at half depth the blur's
 * own (ratio about 1); a wider one, a pencil's or a pale pen's, is wider at half its depth, by how much says its true
 * width (trueWidth). Undefined when nothing was kept.
 */
function bandWidth(
  smooth: Float32Array,
  core: Float32Array,
  mask: Uint8Array,
  parts: { count: number; labels: Int32Array },
  keep: Uint8Array,
  width: number,
  height: number,
  blurPx: number,
): { pixels: number; ratio: number } | undefined {
  const half = new Uint8Array(width * height);
  for (let i = 0; i < half.length; i++) {
    if (mask[i] && keep[parts.labels[i]!] && smooth[i]! < 1 - 0.5 * (1 - core[i]!)) half[i] = 1;
  }
  const area = new Float64Array(parts.count + 1);
  const outline = new Float64Array(parts.count + 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!half[i]) continue;
      const l = parts.labels[i]!;
      area[l]! += 1;
      if (x === 0 || x === width - 1 || y === 0 || y === height - 1 || !half[i - 1] || !half[i + 1]) outline[l]! += 1;
      else if (!half[i - width] || !half[i + width]) outline[l]! += 1;
    }
  }
  // One pen writes a box: its width is the strokes' width over the whole letter, each part's weighed by its area.
  // A part is taken for a band of its area and outline (2 × (length + width)), so a dot or a short dash, whose ends
  // are much of its outline, counts as wide as it is.
  let total = 0;
  let weighted = 0;
  for (let l = 1; l <= parts.count; l++) {
    if (!keep[l] || outline[l] === 0) continue;
    const [a, p] = [area[l]!, outline[l]!];
    weighted += a * ((p / 2 - Math.sqrt(Math.max(0, (p * p) / 4 - 4 * a))) / 2);
    total += a;
  }
  if (total === 0) return undefined;
  const pixels = weighted / total;
  return { pixels, ratio: pixels / (BLUR_ALONE * blurPx) };
}

/**
 * The picture averaged along its strokes (see smoothAlongStrokes) over the rectangle `around` (end-exclusive) and
 * as far again as the cut looks for a stroke's core and the directions and averages reach; the picture as it is
 * elsewhere, where no stroke was kept; the directions across the strokes there (0 elsewhere); and the directions
 * across the band of strokes (BAND_ORIENT_MM) where the first ones are the grain's (see GRAIN_CURVATURES; NaN
 * elsewhere).
 */
function smoothAround(
  picture: Float32Array,
  width: number,
  height: number,
  around: PixelRect,
  pxPerMm: number,
): { picture: Float32Array; across: Float32Array; band: Float32Array } {
  const out = Float32Array.from(picture);
  const across = new Float32Array(width * height);
  const band = new Float32Array(width * height).fill(Number.NaN);
  if (around.x1 <= around.x0) return { picture: out, across, band };
  const reach = Math.ceil((CORE_RADIUS_MM + 3 * BAND_ORIENT_MM + 3 * ALONG_STROKE_MM) * pxPerMm);
  const x0 = Math.max(0, around.x0 - reach);
  const y0 = Math.max(0, around.y0 - reach);
  const w = Math.min(width, around.x1 + reach) - x0;
  const h = Math.min(height, around.y1 + reach) - y0;
  const crop = new Float32Array(w * h);
  for (let y = 0; y < h; y++) crop.set(picture.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + w), y * w);
  const smooth = smoothAlongStrokes(crop, w, h, STROKE_ORIENT_MM * pxPerMm, ALONG_STROKE_MM * pxPerMm);
  const wide = acrossStrokes(crop, w, h, BAND_ORIENT_MM * pxPerMm);
  const grainCurvature = kthSmallest(Float32Array.from(smooth.strength), Math.floor((w * h) / 2));
  for (let y = 0; y < h; y++) {
    out.set(smooth.picture.subarray(y * w, (y + 1) * w), (y0 + y) * width + x0);
    across.set(smooth.across.subarray(y * w, (y + 1) * w), (y0 + y) * width + x0);
    for (let x = 0; x < w; x++) {
      const j = y * w + x;
      if (smooth.strength[j]! <= GRAIN_CURVATURES * grainCurvature) band[(y0 + y) * width + x0 + x] = wide.across[j]!;
    }
  }
  return { picture: out, across, band };
}

/** Levels 0–1.5 counted in steps of 1/512: fine enough to measure grain of a percent. */
const LEVEL_BINS = 768;

function levelHistogram(data: Float32Array): Uint32Array {
  const histogram = new Uint32Array(LEVEL_BINS);
  for (let i = 0; i < data.length; i++) {
    const bin = (data[i]! * 512) | 0;
    histogram[bin < 0 ? 0 : bin < LEVEL_BINS ? bin : LEVEL_BINS - 1]!++;
  }
  return histogram;
}

/** The level that `share` of the `total` counted values lie below. */
function levelBelow(histogram: Uint32Array, total: number, share: number): number {
  const target = total * share;
  let seen = 0;
  for (let b = 0; b < LEVEL_BINS; b++) {
    seen += histogram[b]!;
    if (seen >= target) return (b + 0.5) / 512;
  }
  return LEVEL_BINS / 512;
}

/** The value `share` of the picture lies below. */
function percentileOf(data: Float32Array, share: number): number {
  return levelBelow(levelHistogram(data), data.length, share);
}

/** The spread of paper's grain: the brighter half of a cell is paper (ink and print only darken it). */
function grainOf(data: Float32Array): number {
  return grainIn(levelHistogram(data), data.length);
}

/** grainOf a picture of `total` pixels from its levelHistogram. */
function grainIn(histogram: Uint32Array, total: number): number {
  return Math.max(0, (levelBelow(histogram, total, 0.9) - levelBelow(histogram, total, 0.5)) / 1.2816);
}

/**
 * Whether a box's ink level lies further below paper than its grain reaches (FAINT_SIGMAS): only then is it a pen's
 * ink. A box in a deep shadow, its paper divided by a quarter of the light, has its sensor's noise and the JPEG's
 * blocks raised four times over, and a blank one there had its darkest thousandth of pixels as dark as EMPTY_LEVEL:
 * read as a pen's, a blotch of that noise was a letter.
 */
function beyondGrain(inkLevel: number, grain: number): boolean {
  return 1 - inkLevel >= FAINT_SIGMAS * grain;
}

/**
 * The picture with its printed lines divided out. A guide or a border crosses the whole cell at one level (it lets
 * through a share of the light, and so does ink drawn over it): each row's, then each column's, lighter part
 * (PRINT_PERCENTILE, clear of the ink crossing it) is that level, and dividing by it leaves paper at 1 there and
 * ink over a guide at ink's own level. Rows of paper, rows too dark to be print (a long stroke lying along them)
 * and the dashed x-height guide (half paper) are left as they are.
 */
function withoutPrint(data: Float32Array, width: number, height: number, printable: Printable): Float32Array {
  return divideOutPrint(data, width, height, printable).picture;
}

/**
 * withoutPrint's picture, with the level each row, then each column, was divided by (1: left as it was; the darkest
 * over the spans it crosses). Each printed line is divided out span by span (see Printable.spans): a cut wider than
 * its box takes in the gaps between boxes, where nothing was printed, and rows measured across all of it kept every
 * guide at the level of its own box's paper.
 */
function divideOutPrint(
  data: Float32Array,
  width: number,
  height: number,
  printable: Printable,
): { picture: Float32Array; rows: Float32Array; columns: Float32Array } {
  const out = Float32Array.from(data);
  const darkest = printable.darkest;
  const histogram = new Uint16Array(257);
  // The level of `length` pixels from `start`, `step` apart: that with PRINT_PERCENTILE of them darker, counted from
  // the light end in steps of 1/512 over 0.5–1.0 (lighter than paper counts as paper). 1 leaves them as they are:
  // paper, or darker than any print (a long stroke lying along them).
  const levelOf = (start: number, step: number, length: number) => {
    histogram.fill(0);
    for (let k = 0, i = start; k < length; k++, i += step) {
      const bin = ((out[i]! - 0.5) * 512) | 0;
      histogram[bin < 0 ? 0 : bin > 256 ? 256 : bin]!++;
    }
    const target = Math.round(length * (1 - PRINT_PERCENTILE));
    let seen = 0;
    let level = 1;
    for (let b = 256; b >= 0; b--) {
      seen += histogram[b]!;
      if (seen > target) {
        level = 0.5 + (b + 0.5) / 512;
        break;
      }
    }
    return level >= 1 || level < darkest ? 1 : level;
  };
  const rows = new Float32Array(height).fill(1);
  for (const span of printable.spans) {
    for (let y = span.y0; y < span.y1; y++) {
      if (!printable.rows[y]) continue;
      const start = y * width + span.x0;
      const level = levelOf(start, 1, span.x1 - span.x0);
      if (level >= 1) continue;
      for (let i = start; i < start + span.x1 - span.x0; i++) out[i]! /= level;
      rows[y] = Math.min(rows[y]!, level);
    }
  }
  const columns = new Float32Array(width).fill(1);
  for (const span of printable.spans) {
    for (let x = span.x0; x < span.x1; x++) {
      if (!printable.columns[x]) continue;
      const start = span.y0 * width + x;
      const level = levelOf(start, width, span.y1 - span.y0);
      if (level >= 1) continue;
      for (let i = start, y = span.y0; y < span.y1; y++, i += width) out[i]! /= level;
      columns[x] = Math.min(columns[x]!, level);
    }
  }
  return { picture: out, rows, columns };
}

/**
 * The spans printed lines run across at one level, in a cell `width` × `height` pixels: each box (`boxes`, where its
 * borders lie) widened by PRINT_REACH_MM so its borders' blur lies inside, in whole pixels within the cell; the whole
 * cell without boxes. A cut inside one box is one span.
 */
function printSpans(
  width: number,
  height: number,
  pxPerMm: number,
  boxes: readonly PixelRect[] | undefined,
): PixelRect[] {
  if (!boxes) return [{ x0: 0, y0: 0, x1: width, y1: height }];
  const reach = PRINT_REACH_MM * pxPerMm;
  const spans: PixelRect[] = [];
  for (const box of boxes) {
    const span = {
      x0: Math.max(0, Math.floor(box.x0 - reach)),
      y0: Math.max(0, Math.floor(box.y0 - reach)),
      x1: Math.min(width, Math.ceil(box.x1 + reach) + 1),
      y1: Math.min(height, Math.ceil(box.y1 + reach) + 1),
    };
    if (span.x1 > span.x0 && span.y1 > span.y0) spans.push(span);
  }
  return spans;
}

/**
 * Which rows (or columns) of a picture whose print was divided out (see withoutPrint) still carry a printed line:
 * those a share (PRINT_SHARE) of which lies under `level` (PRINT_SIGMAS of the grain below paper, the picture's
 * median), and one either side (PRINT_SPREAD_PX). Judged against the measured paper and grain rather than against
 * 1: a photo's lighting normalisation leaves paper a grain deviation or so under 1, and its lighter share of a row
 * would otherwise make every row of a noisy photo a printed one.
 */
function printedLines(
  data: Float32Array,
  width: number,
  height: number,
  printable: Uint8Array,
  rows: boolean,
  level: number,
): Uint8Array {
  const lines = rows ? height : width;
  const length = rows ? width : height;
  const target = Math.max(1, Math.round(length * PRINT_SHARE));
  const dark = new Uint8Array(lines);
  for (let line = 0; line < lines; line++) {
    const start = rows ? line * width : line;
    const step = rows ? 1 : width;
    let count = 0;
    for (let k = 0, i = start; k < length; k++, i += step) if (data[i]! < level) count++;
    dark[line] = count >= target ? 1 : 0;
  }
  const printed = new Uint8Array(lines);
  for (let line = 0; line < lines; line++) {
    if (!printable[line]) continue;
    for (let k = Math.max(0, line - PRINT_SPREAD_PX); k <= Math.min(lines - 1, line + PRINT_SPREAD_PX); k++) {
      if (dark[k]) printed[line] = 1;
    }
  }
  return printed;
}

/**
 * The highest threshold each row (or column) allows for following strokes: `floor` (grain) on plain paper; on a
 * printed line (see PRINT_SHARE), a little (`below`) under the line's own level, but never under the sure
 * threshold, which is safe under any print.
 */
function printCaps(
  data: Float32Array,
  width: number,
  height: number,
  printable: Uint8Array,
  rows: boolean,
  floor: number,
  below: number,
  threshold: number,
): Float32Array {
  const lines = rows ? height : width;
  const length = rows ? width : height;
  const caps = new Float32Array(lines);
  // Levels 0.5–1.1 in steps of 1/128; darker counts as 0.5 (ink, which leaves the sure threshold in charge).
  const histogram = new Uint16Array(77);
  const target = Math.max(1, Math.round(length * PRINT_SHARE));
  for (let line = 0; line < lines; line++) {
    histogram.fill(0);
    const start = rows ? line * width : line;
    const step = rows ? 1 : width;
    for (let k = 0, i = start; k < length; k++, i += step) {
      const bin = ((data[i]! - 0.5) * 128) | 0;
      histogram[bin < 0 ? 0 : bin > 76 ? 76 : bin]!++;
    }
    let seen = 0;
    let level = 1.1;
    for (let b = 0; b < 77; b++) {
      seen += histogram[b]!;
      if (seen >= target) {
        level = 0.5 + b / 128;
        break;
      }
    }
    caps[line] = Math.min(floor, Math.max(threshold, level - below));
  }
  const spread = new Float32Array(lines);
  for (let line = 0; line < lines; line++) {
    let least = caps[line]!;
    for (let k = Math.max(0, line - PRINT_SPREAD_PX); k <= Math.min(lines - 1, line + PRINT_SPREAD_PX); k++) {
      if (caps[k]! < least) least = caps[k]!;
    }
    spread[line] = printable[line] ? least : floor;
  }
  return spread;
}

/** Where print a faint box cannot divide out may show (see printedShapes). */
type PrintedShapes = {
  /** 1 within the band of a dashed guide or the disc of a printed dot. */
  zone: Uint8Array;
  /** The dashed guides' bands (first and last row) and how thick (rows) a dash's remains may read there. */
  dashes: { from: number; to: number }[];
  dashRows: number;
};

/**
 * Where print a faint box cannot divide out may show: the band of each dashed guide and the disc of each printed
 * dot, widened by PRINT_SHAPE_PLACE_MM and twice the blur (`blurPx`, standard deviation).
 */
function printedShapes(
  width: number,
  height: number,
  pxPerMm: number,
  print: PrintedLines | undefined,
  blurPx: number,
): PrintedShapes {
  const zone = new Uint8Array(width * height);
  const reach = PRINT_SHAPE_PLACE_MM * pxPerMm + 2 * blurPx;
  const dashes: { from: number; to: number }[] = [];
  for (const row of print?.dashed ?? []) {
    const half = DASHED_HALF_MM * pxPerMm + reach;
    const from = Math.max(0, Math.ceil(row - half));
    const to = Math.min(height - 1, Math.floor(row + half));
    if (from > to) continue;
    dashes.push({ from, to });
    for (let y = from; y <= to; y++) zone.fill(1, y * width, (y + 1) * width);
  }
  for (const dot of print?.dots ?? []) {
    const r = dot.radius + reach;
    for (let y = Math.max(0, Math.ceil(dot.y - r)); y <= Math.min(height - 1, Math.floor(dot.y + r)); y++) {
      for (let x = Math.max(0, Math.ceil(dot.x - r)); x <= Math.min(width - 1, Math.floor(dot.x + r)); x++) {
        if ((x - dot.x) ** 2 + (y - dot.y) ** 2 <= r * r) zone[y * width + x] = 1;
      }
    }
  }
  // A dash read to half its depth: its printed thickness through the blur's width at half depth, and a pixel.
  const dashRows = Math.ceil(2 * DASHED_HALF_MM * pxPerMm + BLUR_ALONE * blurPx) + 1;
  return { zone, dashes, dashRows };
}

/**
 * Clears from a faint box's mask the dashes of a dashed guide that a stroke touching them took along: within the
 * guide's band, runs of columns at least DASH_RUN_MM long whose ink is no thicker than a dash's remains, no darker
 * than the dashes themselves (`picture`, less `margin`), and reaches neither the row above the band nor the one below.
 * A stroke crossing the guide reaches past the band, a bar written along it is thicker than a dash, and a pen's line
 * along it, or one over a dash, is darker.
 */
function clearDashes(
  mask: Uint8Array,
  picture: Float32Array,
  width: number,
  height: number,
  shapes: PrintedShapes,
  pxPerMm: number,
  margin: number,
): void {
  const minRun = Math.max(2, Math.round(DASH_RUN_MM * pxPerMm));
  const dashLike = new Uint8Array(width);
  for (const { from, to } of shapes.dashes) {
    const lightest = dashLevel(picture, width, from, to) - margin;
    for (let x = 0; x < width; x++) {
      let rows = 0;
      let darker = false;
      for (let y = from; y <= to; y++) {
        if (!mask[y * width + x]) continue;
        rows++;
        if (picture[y * width + x]! < lightest) darker = true;
      }
      const above = from > 0 && mask[(from - 1) * width + x];
      const below = to < height - 1 && mask[(to + 1) * width + x];
      dashLike[x] = rows > 0 && rows <= shapes.dashRows && !darker && !above && !below ? 1 : 0;
    }
    for (let x = 0; x < width; ) {
      if (!dashLike[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end + 1 < width && dashLike[end + 1]) end++;
      if (end - x + 1 >= minRun) {
        for (let k = x; k <= end; k++) for (let y = from; y <= to; y++) mask[y * width + k] = 0;
      }
      x = end + 1;
    }
  }
}

/**
 * A dashed guide's level over its band's rows `from`–`to`: the darkest of them at the share of a row a dashed line
 * covers, clear of ink.
 */
function dashLevel(picture: Float32Array, width: number, from: number, to: number): number {
  let dash = 1;
  for (let y = from; y <= to; y++) {
    dash = Math.min(dash, kthSmallest(picture.slice(y * width, (y + 1) * width), Math.floor(width * PRINT_SHARE)));
  }
  return dash;
}

/**
 * Drops from a mask of faint strokes (a pencil's bands or hairlines, cut) the pieces that are a dashed guide's dashes:
 * lying within the guide's band, no thicker than a dash's remains, no darker than the dashes (`picture`, less
 * `margin`), and either at least DASH_RUN_MM long and twice as long along the guide as across it, or shorter than a
 * faint part must be (FAINT_MIN_MM). A pencil's dot is round and thicker, a stroke along the guide is darker than its
 * dashes or joined to the letter, and a mark's stroke leaves the band.
 */
function dropDashPieces(
  mask: Uint8Array,
  margin: Float32Array,
  picture: Float32Array,
  width: number,
  height: number,
  shapes: PrintedShapes,
  pxPerMm: number,
  darkerBy: number,
): void {
  if (shapes.dashes.length === 0) return;
  const minRun = Math.max(2, Math.round(DASH_RUN_MM * pxPerMm));
  const shortest = FAINT_MIN_MM * pxPerMm;
  const parts = labelComponents(mask, width, height);
  const dashLike = new Uint8Array(parts.count + 1);
  for (const { from, to } of shapes.dashes) {
    const lightest = dashLevel(picture, width, from, to) - darkerBy;
    for (let l = 1; l <= parts.count; l++) {
      const [x0, x1, y0, y1] = [parts.minX[l]!, parts.maxX[l]!, parts.minY[l]!, parts.maxY[l]!];
      const [along, across] = [x1 - x0 + 1, y1 - y0 + 1];
      if (y0 < from || y1 > to || across > shapes.dashRows) continue;
      // A piece shorter than a faint stroke's part may be has no shape to tell: a dash's end the stroke's cut left
      // beside it, which counted only while it hung on the stroke.
      if ((along < minRun || along < 2 * across) && Math.max(along, across) >= shortest) continue;
      let darker = false;
      for (let y = y0; y <= y1 && !darker; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = y * width + x;
          if (parts.labels[i] === l && picture[i]! < lightest) darker = true;
        }
      }
      if (!darker) dashLike[l] = 1;
    }
  }
  for (let i = 0; i < mask.length; i++) {
    if (!dashLike[parts.labels[i]!]) continue;
    mask[i] = 0;
    margin[i] = 0;
  }
}

/** The lines divided by a level under `below` (see divideOutPrint), and one either side (PRINT_SPREAD_PX). */
function dividedLines(levels: Float32Array, below: number): Uint8Array {
  const out = new Uint8Array(levels.length);
  for (let line = 0; line < levels.length; line++) {
    if (!(levels[line]! < below)) continue;
    for (let k = Math.max(0, line - PRINT_SPREAD_PX); k <= Math.min(levels.length - 1, line + PRINT_SPREAD_PX); k++) {
      out[k] = 1;
    }
  }
  return out;
}

/**
 * Which rows (or columns) of a cell may carry a printed line: those within PRINT_REACH_MM of where the template
 * printed one (`lines`, in pixels): a box border, a guide; and those within PRINT_SPREAD_PX of a line's echo left by
 * deblurring (`ghosts`), which lies a known distance off the line. Elsewhere a line dark over a share of its length
 * is a stroke lying along it (the stem of an I, the bar of a T or a dash), which must not be taken for print. Without
 * known places every line may carry print.
 */
function printableLines(
  count: number,
  pxPerMm: number,
  lines: readonly number[] | undefined,
  ghosts: readonly number[] = [],
): Uint8Array {
  const printable = new Uint8Array(count);
  if (!lines) return printable.fill(1);
  const mark = (line: number, reach: number) => {
    const from = Math.max(0, Math.floor(line - reach));
    const to = Math.min(count - 1, Math.ceil(line + reach));
    for (let k = from; k <= to; k++) printable[k] = 1;
  };
  for (const line of lines) mark(line, PRINT_REACH_MM * pxPerMm);
  for (const ghost of ghosts) mark(ghost, PRINT_SPREAD_PX);
  return printable;
}

/** Mean width (pixels) of the strokes of a mask: twice their area over their outline's length. */
function meanWidth(mask: Uint8Array, width: number, height: number): number {
  const counts = new Int32Array(2);
  countAreaAndOutline(mask, width, height, counts);
  const area = counts[0]!;
  const outline = counts[1]!;
  return outline === 0 ? 0 : (2 * area) / outline;
}

/**
 * A mask's set pixels into counts[0], and those on its outline into counts[1]. One flat loop with nothing after it (see
 * labelComponents): nested, V8 compiled the inner one on its own and threw it away at each row's end, 150 times in one
 * cold read; with the ratio after it, that code was thrown away box after box (48 times).
 */
function countAreaAndOutline(mask: Uint8Array, width: number, height: number, counts: Int32Array) {
  const n = width * height;
  for (let i = 0, x = 0, y = 0; i < n; i++, x++) {
    if (x === width) {
      x = 0;
      y++;
    }
    if (!mask[i]) continue;
    counts[0]!++;
    if (x === 0 || x === width - 1 || y === 0 || y === height - 1) counts[1]!++;
    else if (!mask[i - 1] || !mask[i + 1] || !mask[i - width] || !mask[i + width]) counts[1]!++;
  }
}
