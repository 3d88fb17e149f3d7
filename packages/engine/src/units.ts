/**
 * Distinct types for the engine's three coordinate spaces (CONVENTIONS.md): scan pixels (y down), page
 * millimetres from the page's top-left corner (y down), and font units (y up from the baseline, 1000 per em).
 * Each space has one named conversion to the next, so a mixed-up unit is a type error.
 */

declare const unit: unique symbol;

/** A length or coordinate in pixels of the captured image, y growing downward. */
export type ScanPx = number & { readonly [unit]: "ScanPx" };
/** A length or coordinate in millimetres on the printed page, measured from its top-left corner, y downward. */
export type PageMm = number & { readonly [unit]: "PageMm" };
/** A length or coordinate in font units: y grows upward from the baseline, 1000 units make one em. */
export type FontUnits = number & { readonly [unit]: "FontUnits" };

export type ScanPoint = { x: ScanPx; y: ScanPx };
export type PagePoint = { x: PageMm; y: PageMm };
export type FontPoint = { x: FontUnits; y: FontUnits };

/** Font units per em in every layout and outline the engine produces. */
export const UNITS_PER_EM = 1000;

/** Marks a number as scan pixels. */
export const scanPx = (value: number): ScanPx => value as ScanPx;
/** Marks a number as page millimetres. */
export const pageMm = (value: number): PageMm => value as PageMm;
/** Marks a number as font units. */
export const fontUnits = (value: number): FontUnits => value as FontUnits;

/** Builds a point in scan pixels. */
export const scanPoint = (x: number, y: number): ScanPoint => ({ x: scanPx(x), y: scanPx(y) });
/** Builds a point in page millimetres. */
export const pagePoint = (x: number, y: number): PagePoint => ({ x: pageMm(x), y: pageMm(y) });
/** Builds a point in font units. */
export const fontPoint = (x: number, y: number): FontPoint => ({ x: fontUnits(x), y: fontUnits(y) });

/** Where a cell's em sits on the page: its baseline's distance from the page top and the millimetres per em. */
export type EmFrame = { baselineY: PageMm | number; emMm: PageMm | number; originX: PageMm | number };

/** Converts a point on the page to font units of a cell: page y grows downward, font y grows upward. */
export function pageToFontUnits(point: PagePoint, frame: EmFrame): FontPoint {
  const scale = UNITS_PER_EM / frame.emMm;
  return fontPoint((point.x - frame.originX) * scale, (frame.baselineY - point.y) * scale);
}

/** Converts a point in a cell's font units back to page millimetres (the inverse of pageToFontUnits). */
export function fontUnitsToPage(point: FontPoint, frame: EmFrame): PagePoint {
  const scale = frame.emMm / UNITS_PER_EM;
  return pagePoint(frame.originX + point.x * scale, frame.baselineY - point.y * scale);
}

/** Millimetres per inch, for dpi conversions. */
export const MM_PER_INCH = 25.4;

/** Converts a resolution in dots per inch to scan pixels per page millimetre. */
export const pxPerMmFromDpi = (dpi: number): number => dpi / MM_PER_INCH;
