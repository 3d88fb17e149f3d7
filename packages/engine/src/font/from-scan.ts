import { transformOutline } from "../outline/geometry.ts";
import { parseSvgPath } from "../outline/parse-path.ts";
import { outlineToSvgPath } from "../outline/serialize-path.ts";
import { FontError } from "./errors.ts";
import { DEFAULT_FONT_SETTINGS, type FontLicence, type FontProject } from "./project.ts";

/** One cell of the `glyphs.json` written by `handfont read` (only the fields the compiler uses). */
export interface ScanGlyph {
  chars: string;
  variant: number;
  empty?: boolean;
  path: string;
}

/** The `glyphs.json` of `handfont read`: outlines in font units, y up from the baseline. */
export interface ScanGlyphs {
  unitsPerEm: number;
  glyphs: ScanGlyph[];
}

export interface ProjectMetadata {
  family: string;
  style?: string;
  designer?: string;
  version?: string;
  licence?: FontLicence;
  weight?: number;
}

/** Whether parsed JSON looks like the output of `handfont read` rather than a FontProject. */
export function isScanGlyphs(json: unknown): json is ScanGlyphs {
  return (
    typeof json === "object" &&
    json !== null &&
    !("schemaVersion" in json) &&
    typeof (json as ScanGlyphs).unitsPerEm === "number" &&
    Array.isArray((json as ScanGlyphs).glyphs)
  );
}

/**
 * A FontProject from scanned glyphs: empty cells are skipped, outlines are rescaled to 1000 units per em when the scan
 * used another em, and the default settings apply (variants cycle, ligatures, automatic kerning, composites).
 */
export function fontProjectFromScan(scan: ScanGlyphs, metadata: ProjectMetadata): FontProject {
  if (!(scan.unitsPerEm > 0)) throw new FontError("FONT_PROJECT_INVALID", "glyphs.json needs a positive unitsPerEm");
  const factor = 1000 / scan.unitsPerEm;
  const glyphs = scan.glyphs
    .filter((glyph) => !glyph.empty && glyph.path.trim() !== "")
    .map((glyph) => ({
      chars: glyph.chars,
      variant: glyph.variant,
      path:
        factor === 1
          ? glyph.path
          : outlineToSvgPath(transformOutline(parseSvgPath(glyph.path), factor, 0, 0, factor, 0, 0)),
    }));
  return {
    schemaVersion: 1,
    family: metadata.family,
    style: metadata.style ?? "Regular",
    designer: metadata.designer ?? "",
    version: metadata.version ?? "1.000",
    licence: metadata.licence ?? { kind: "all-rights-reserved" },
    weight: metadata.weight ?? 400,
    glyphs,
    settings: { ...DEFAULT_FONT_SETTINGS },
  };
}
