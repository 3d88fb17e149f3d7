// @handfont/engine/fonts: compile glyph outlines into OTF, TTF and WOFF2 (README.md, "Fonts"). Its own entry so a
// browser bundle (the live preview) pulls neither the scan reader's wasm nor its Node fallbacks.
export { type BuiltPlan, buildPlan, type PlanOptions } from "./font/build-plan.ts";
export {
  type CompiledFonts,
  type CompileOptions,
  compileFont,
  compileFontSync,
  compileFonts,
  FONT_FORMATS,
  type FontFormat,
} from "./font/compile.ts";
export type { FontDiagnostic, FontDiagnosticCode } from "./font/diagnostics.ts";
export { FontError, type FontErrorCode, type FontProjectIssue } from "./font/errors.ts";
export { type FontFileFormat, fontFileFormat, sfntFromFontFile } from "./font/font-file.ts";
export {
  fontProjectFromScan,
  isScanGlyphs,
  type ProjectMetadata,
  type ScanGlyph,
  type ScanGlyphs,
} from "./font/from-scan.ts";
export { migrateFontProject } from "./font/migrate.ts";
export { fontFileName, postScriptName } from "./font/names.ts";
export { encodePng } from "./font/png.ts";
export { GlyphCache } from "./font/prepare.ts";
export {
  DEFAULT_FONT_SETTINGS,
  FONT_PROJECT_SCHEMA_VERSION,
  type FontGlyph,
  type FontLicence,
  type FontProject,
  type FontSettings,
  type KerningPair,
} from "./font/project.ts";
export { rasterizeCoverage } from "./font/rasterize.ts";
export { renderSpecimen, renderSpecimenPng, type SpecimenOptions } from "./font/specimen.ts";
export { chooseSpecimenText, coveredText, SPECIMEN_SAMPLES, specimenText } from "./font/specimen-text.ts";
export { assertFontProject, validateFontProject } from "./font/validate.ts";
export { type BrotliCompress, encodeWoff2, type Woff2Encoder, wasmWoff2Encoder } from "./font/woff2.ts";
export { contoursFromOutline, outlineFromContours } from "./glyph/contours.ts";
export {
  type ContourPoint,
  DEFAULT_PEN,
  emptyGlyphDocument,
  FONT_UNITS_PER_PEN_UNIT,
  GLYPH_DOCUMENT_SCHEMA_VERSION,
  type GlyphAdjustments,
  type GlyphContour,
  type GlyphDocument,
  type GlyphMetrics,
  type GlyphSource,
  NO_ADJUSTMENTS,
  NO_METRICS,
  type PenOptions,
  type PenStroke,
  type PointType,
  type StrokePoint,
  type UnitBox,
} from "./glyph/document.ts";
export { type GlyphDocumentIssue, GlyphError, type GlyphErrorCode, type GlyphLimitExceeded } from "./glyph/errors.ts";
export {
  type FontLetter,
  fontGlyphOf,
  fontProjectFromLetters,
  type LetterPathCache,
  letterPath,
} from "./glyph/font-from-letters.ts";
export { GLYPH_LIMITS, GLYPH_RANGES } from "./glyph/limits.ts";
export { migrateGlyphDocument } from "./glyph/migrate-document.ts";
export { adjustOutline, outlineOf, strokesOutline } from "./glyph/outline-of.ts";
export { splitStrokeAtCorners, strokeOutline } from "./glyph/stroke-outline.ts";
export { assertGlyphDocument, validateGlyphDocument } from "./glyph/validate-document.ts";
export { cubicAt, cubicExtremaT, cubicSlope, subCubic } from "./outline/bezier.ts";
export { orientOutline, reverseOutline } from "./outline/direction.ts";
export { fitClosedPolygon, simplifyPolygon } from "./outline/fit-curves.ts";
export { flattenOutline, type Polygon } from "./outline/flatten.ts";
export {
  contourArea,
  outlineBounds,
  reverseContour,
  roundOutline,
  transformOutline,
  translateOutline,
} from "./outline/geometry.ts";
export { findCrossingContours, removeOverlaps } from "./outline/overlap.ts";
export { OutlineError, parseSvgPath } from "./outline/parse-path.ts";
export { type InkProfile, inkProfile } from "./outline/profile.ts";
export { outlineToSvgPath } from "./outline/serialize-path.ts";
export type { BBox, Contour, CubicSegment, LineSegment, Outline, Point, Segment } from "./outline/types.ts";
