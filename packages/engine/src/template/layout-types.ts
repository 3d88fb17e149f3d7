/**
 * The template layout: a public JSON contract between the engine, the server (which stores it per template)
 * and the web app. Millimetres are measured from the page's top-left corner, y downward. Documented in the
 * engine README; a change of shape bumps `schemaVersion`.
 */

export type PaperName = "a4" | "letter";
export type CellSizeName = "s" | "m" | "l";

/** A rectangle in page millimetres. */
export type BoxMm = { x: number; y: number; width: number; height: number };

/** One box to write in: a character (or ligature sequence) and its variant number. */
export type LayoutCell = {
  page: number;
  /** The character, or the sequence of a ligature ("ff", "th"). */
  chars: string;
  /** 1-based variant number; randomized fonts have several variants of one character. */
  variant: number;
  /** The printed box. */
  box: BoxMm;
  /** The baseline's distance from the page top, in mm. */
  baselineY: number;
  /** Millimetres that make one em (1000 font units). */
  emMm: number;
  /** The text printed in the box's corner. */
  label: string;
};

export type LayoutPage = {
  page: number;
  /** The text of this page's QR code; it identifies the template and the page. */
  qcode: string;
};

/** Guide lines in font units relative to each cell's baseline (y up). */
export type LayoutGuides = {
  printed: boolean;
  capHeight: number;
  xHeight: number;
  descender: number;
};

export type Layout = {
  schemaVersion: 1;
  id: string;
  unitsPerEm: 1000;
  paper: { name: PaperName; widthMm: number; heightMm: number };
  cellSize: CellSizeName;
  guides: LayoutGuides;
  /** Centres of the four corner markers, in the order top-left, top-right, bottom-right, bottom-left. */
  markers: { centers: [PointMm, PointMm, PointMm, PointMm]; sizeMm: number };
  /** The QR symbol's square (without its quiet zone). */
  qr: BoxMm;
  pages: LayoutPage[];
  cells: LayoutCell[];
};

export type PointMm = { x: number; y: number };

/** What the scan reader needs to find a layout: the server looks it up by the id in the page's QR code. */
export type LayoutLookup = (templateId: string, page: number) => Layout | undefined | Promise<Layout | undefined>;
