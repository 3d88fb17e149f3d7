/**
 * Fixed geometry of every template page, shared by the PDF renderer, the scan reader and the synthetic
 * generator so that all three agree on where things are printed.
 */
import type { CellSizeName, PaperName } from "./layout-types.ts";

export const PAPER_SIZES_MM: Record<PaperName, { widthMm: number; heightMm: number }> = {
  a4: { widthMm: 210, heightMm: 297 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
};

/** Cell heights in mm; single characters get square cells. */
export const CELL_HEIGHTS_MM: Record<CellSizeName, number> = { s: 15, m: 20, l: 25 };

// Marker centres sit 12 mm from the edges so they survive the unprintable margins of office printers.
export const MARKER_INSET_MM = 12;
/** A marker is a black square of this size with a white square of 0.6 and a black centre of 0.3 of it. */
export const MARKER_SIZE_MM = 10;
export const MARKER_HOLE_RATIO = 0.6;
export const MARKER_CENTRE_RATIO = 0.3;

export const QR_SIZE_MM = 22;
export const QR_TOP_MM = 8;
/** Gap between the QR symbol and the top-right marker. */
export const QR_MARKER_GAP_MM = 4;

/** The area cells may use: below the header with its QR code, above the footer with the page number. */
export const CONTENT_TOP_MM = 34;
export const CONTENT_BOTTOM_MARGIN_MM = 22;
export const CONTENT_SIDE_MARGIN_MM = 10;

/** Cell height in ems, and where the baseline sits in it: 1.08 em of room above it, 0.52 em below. */
export const CELL_HEIGHT_EM = 1.6;
export const BASELINE_FROM_TOP_EM = 1.08;
/** Gap between neighbouring cells as a fraction of the cell height. */
export const CELL_GAP_RATIO = 0.1;

/** Guide heights in font units: writers aim for these, and the synthetic generator scales its fonts to them. */
export const GUIDE_CAP_HEIGHT = 700;
export const GUIDE_X_HEIGHT = 480;
export const GUIDE_DESCENDER = -250;

/** The light blue of guides, labels and cell borders: light in luminance, so it drops out when read. */
export const DROPOUT_RGB: readonly [number, number, number] = [160, 202, 240];
/** Labels are a little darker than guides so they stay legible at their small size. */
export const LABEL_RGB: readonly [number, number, number] = [150, 195, 236];

/** Label text height (cap height of the label font) in ems of the cell, and its inset from the cell corner. */
export const LABEL_SIZE_EM = 0.17;
export const LABEL_INSET_MM = 0.8;
