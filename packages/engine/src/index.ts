// Public API of @handfont/engine. The synthetic handwriting generator has its own entry (@handfont/engine/synth)
// and the Node helpers theirs (@handfont/engine/node), so a browser bundle pulls neither.

export * from "./errors.ts";
// Fonts
export * from "./fonts.ts";
// Reading scans
export { type EngineInitOptions, initEngine } from "./init-engine.ts";
export type { FloatImage, GreyImage, RgbaImage, ScanImage } from "./scan/images.ts";
export type { GlyphBox } from "./scan/place-in-em.ts";
export type { BoxHelper } from "./scan/read-boxes.ts";
export type { ScanCell } from "./scan/read-cell.ts";
export {
  DEFAULT_MAX_PIXELS,
  type ReadScanOptions,
  readScan,
  type ScanResult,
  type ScanStage,
  type StageTimings,
} from "./scan/read-scan.ts";
// Templates
export * from "./templates.ts";
export * from "./units.ts";
