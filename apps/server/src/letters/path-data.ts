import { type Outline, OutlineError, outlineToSvgPath, parseSvgPath } from "@handfont/engine/fonts";
import { DomainError, type DomainErrorCode } from "../services/domain-error.ts";

/** Largest coordinate (in font units) an outline may use: ten ems around the origin is far beyond any letter. */
const MAX_COORDINATE = 10_000;
const MAX_SEGMENTS = 20_000;
export const MAX_PATH_CHARS = 200_000;

/** Parses path data with the engine, throwing PATH_INVALID (or the given code) when it is not valid SVG path syntax. */
export function parsePath(d: string, code: DomainErrorCode = "PATH_INVALID"): Outline {
  if (d.length > MAX_PATH_CHARS) throw new DomainError(code, { reason: "too long" });
  // SVG path data begins with a moveto; the engine's reader is lenient and would start a leading line at the origin.
  if (!/^\s*[Mm]/.test(d)) throw new DomainError(code, { reason: "path data must start with M" });
  try {
    return parseSvgPath(d);
  } catch (error) {
    if (error instanceof OutlineError) throw new DomainError(code, { reason: error.message });
    throw error;
  }
}

/**
 * Normalises an outline to absolute M, L, C and Z commands with coordinates rounded to 1/100 unit (arcs and
 * quadratics become cubics), so what is stored and compiled is simple and bounded. Throws PATH_INVALID for bad
 * syntax, huge coordinates, too many segments or no drawing at all.
 */
export function normalisePath(path: Outline | string, code: DomainErrorCode = "PATH_INVALID"): string {
  const outline = typeof path === "string" ? parsePath(path, code) : path;
  let segments = 0;
  let problem: string | null = null;
  const check = (...numbers: number[]) => {
    if (numbers.some((n) => !Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE)) problem ??= "coordinate";
  };
  for (const contour of outline) {
    check(contour.start.x, contour.start.y);
    for (const s of contour.segments) {
      segments++;
      if (s.type === "C") check(s.x1, s.y1, s.x2, s.y2, s.x, s.y);
      else check(s.x, s.y);
    }
  }
  if (segments > MAX_SEGMENTS) problem ??= "too many segments";
  if (problem) throw new DomainError(code, { reason: problem });
  if (segments === 0) throw new DomainError(code, { reason: "empty" });
  return outlineToSvgPath(outline, 2);
}
