// @handfont/engine/synth: synthetic handwriting pages with known ground truth, for tests and benchmarks.
// Kept out of the main entry so the browser bundle never pulls it in.

export { type Canvas, createCanvas, paint, type Rgb, rectangle, toRgba } from "./canvas.ts";
export {
  type Contour,
  contoursBox,
  pathToContours,
  signedArea,
  strokePolygons,
  transformContours,
} from "./contours.ts";
export { type BoxEdges, type CrossingOptions, crossBox } from "./cross-box.ts";
export { type CurledPage, type CurlOptions, curlPage } from "./curl-page.ts";
export { compareGlyph, type GlyphComparison } from "./glyph-iou.ts";
export {
  DEFAULT_JITTER,
  type HandwritingFont,
  type Jitter,
  type PlacedGlyph,
  placeGlyph,
  type WrittenGlyph,
  writeGlyph,
} from "./handwriting.ts";
export { createRandom, type Random } from "./random.ts";
export { type Coverage, createCoverage, fillContours } from "./rasterize.ts";
export {
  BALLPOINT_BLUE,
  cellToPixels,
  type FillOptions,
  type GlyphTruth,
  renderFilledPage,
  type SyntheticPage,
} from "./render-page.ts";
export { countCrossings } from "./self-overlap.ts";
export {
  blurRgba,
  type Capture,
  captureFlatbed,
  capturePhone,
  type FlatbedOptions,
  type PhoneOptions,
  type Picture,
  unsharpMask,
} from "./simulate-capture.ts";
