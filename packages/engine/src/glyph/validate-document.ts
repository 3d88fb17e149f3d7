import { GLYPH_DOCUMENT_SCHEMA_VERSION, type GlyphDocument } from "./document.ts";
import { type GlyphDocumentIssue, GlyphError, type GlyphLimitExceeded } from "./errors.ts";
import { GLYPH_LIMITS, GLYPH_RANGES } from "./limits.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** Collects the problems of a document; limits are checked first and stop the walk, so a huge input costs little. */
class Checker {
  readonly issues: GlyphDocumentIssue[] = [];
  exceeded: GlyphLimitExceeded | null = null;

  add(path: string, message: string) {
    if (this.issues.length < 50) this.issues.push({ path, message });
  }

  number(value: unknown, path: string, min: number, max: number): void {
    if (!finite(value)) this.add(path, "must be a finite number");
    else if (value < min || value > max) this.add(path, `must be between ${min} and ${max}`);
  }

  coordinate(value: unknown, path: string): void {
    if (!finite(value)) this.add(path, "must be a finite number");
    else if (Math.abs(value) > GLYPH_LIMITS.coordinate) {
      this.exceeded ??= { limit: "coordinate", maximum: GLYPH_LIMITS.coordinate, actual: Math.abs(value) };
    }
  }

  limit(limit: keyof typeof GLYPH_LIMITS, actual: number): boolean {
    if (actual <= GLYPH_LIMITS[limit]) return true;
    this.exceeded ??= { limit, maximum: GLYPH_LIMITS[limit], actual };
    return false;
  }
}

function checkContours(contours: unknown, check: Checker): void {
  if (!Array.isArray(contours)) {
    check.add("contours", "must be an array");
    return;
  }
  let total = 0;
  for (const contour of contours)
    total += isObject(contour) && Array.isArray(contour.points) ? contour.points.length : 0;
  if (!check.limit("contourPoints", total)) return;
  contours.forEach((contour, c): void => {
    const at = `contours[${c}]`;
    if (!isObject(contour) || !Array.isArray(contour.points)) {
      check.add(at, "must be { points: [...] }");
      return;
    }
    const points = contour.points as unknown[];
    if (points.length === 0) {
      check.add(`${at}.points`, "must not be empty");
      return;
    }
    let offRun = 0;
    points.forEach((point, p) => {
      const here = `${at}.points[${p}]`;
      if (!isObject(point)) {
        check.add(here, "must be an object");
        return;
      }
      check.coordinate(point.x, `${here}.x`);
      check.coordinate(point.y, `${here}.y`);
      if (point.on === true) {
        if (point.type !== "corner" && point.type !== "smooth")
          check.add(`${here}.type`, 'must be "corner" or "smooth"');
        if (offRun !== 0 && offRun !== 2) check.add(here, "a curve needs exactly two off-curve points");
        offRun = 0;
      } else if (point.on === false) {
        if (p === 0) check.add(here, "a contour starts with an on-curve point");
        offRun++;
        if (offRun > 2) check.add(here, "a curve needs exactly two off-curve points");
      } else check.add(`${here}.on`, "must be true or false");
    });
    if (offRun !== 0 && offRun !== 2) check.add(at, "a closing curve needs exactly two off-curve points");
  });
}

function checkPen(pen: unknown, at: string, check: Checker): void {
  if (!isObject(pen)) {
    check.add(at, "must be an object");
    return;
  }
  check.number(pen.size, `${at}.size`, GLYPH_RANGES.penSize.min, GLYPH_RANGES.penSize.max);
  check.number(pen.thinning, `${at}.thinning`, GLYPH_RANGES.thinning.min, GLYPH_RANGES.thinning.max);
  check.number(pen.smoothing, `${at}.smoothing`, GLYPH_RANGES.smoothing.min, GLYPH_RANGES.smoothing.max);
  check.number(pen.streamline, `${at}.streamline`, GLYPH_RANGES.streamline.min, GLYPH_RANGES.streamline.max);
  if (typeof pen.simulatePressure !== "boolean") check.add(`${at}.simulatePressure`, "must be true or false");
}

function checkStrokes(strokes: unknown, check: Checker): void {
  if (!Array.isArray(strokes)) {
    check.add("strokes", "must be an array");
    return;
  }
  if (!check.limit("strokes", strokes.length)) return;
  let total = 0;
  for (const stroke of strokes) {
    const count = isObject(stroke) && Array.isArray(stroke.points) ? stroke.points.length : 0;
    if (!check.limit("strokePoints", count)) return;
    total += count;
  }
  if (!check.limit("totalStrokePoints", total)) return;
  const ids = new Set<string>();
  strokes.forEach((stroke, s) => {
    const at = `strokes[${s}]`;
    if (!isObject(stroke)) {
      check.add(at, "must be an object");
      return;
    }
    if (typeof stroke.id !== "string" || stroke.id.length === 0 || stroke.id.length > 64) {
      check.add(`${at}.id`, "must be a string of 1 to 64 characters");
    } else if (ids.has(stroke.id)) check.add(`${at}.id`, "must be unique in the letter");
    else ids.add(stroke.id);
    checkPen(stroke.pen, `${at}.pen`, check);
    if (!Array.isArray(stroke.points) || stroke.points.length === 0) {
      check.add(`${at}.points`, "must be a non-empty array");
      return;
    }
    stroke.points.forEach((point: unknown, p: number) => {
      const here = `${at}.points[${p}]`;
      if (!isObject(point)) {
        check.add(here, "must be an object");
        return;
      }
      check.coordinate(point.x, `${here}.x`);
      check.coordinate(point.y, `${here}.y`);
      check.number(point.pressure, `${here}.pressure`, 0, 1);
      check.number(point.t, `${here}.t`, 0, Number.MAX_SAFE_INTEGER);
    });
  });
}

function checkSource(source: unknown, check: Checker): void {
  if (!isObject(source)) {
    check.add("source", "must be an object");
    return;
  }
  const text = (value: unknown) => value === null || (typeof value === "string" && value.length <= 256);
  switch (source.kind) {
    case "drawn":
      return;
    case "imported":
      if (!text(source.fileName)) check.add("source.fileName", "must be null or a string");
      return;
    case "composite":
      if (typeof source.base !== "string" || typeof source.mark !== "string") {
        check.add("source", "a composite names its base and mark");
      }
      return;
    case "scan": {
      if (!text(source.templateId)) check.add("source.templateId", "must be null or a string");
      if (source.page !== null && !(Number.isInteger(source.page) && (source.page as number) >= 1)) {
        check.add("source.page", "must be null or a page number");
      }
      const image = source.image;
      if (image === null) return;
      if (!isObject(image) || typeof image.ref !== "string" || !isObject(image.box)) {
        check.add("source.image", "must be null or { ref, box }");
        return;
      }
      for (const side of ["xMin", "yMin", "xMax", "yMax"])
        check.coordinate(image.box[side], `source.image.box.${side}`);
      return;
    }
    default:
      check.add("source.kind", 'must be "scan", "drawn", "imported" or "composite"');
  }
}

/** Every problem of a glyph document of the current version; an empty list means it is valid and within limits. */
export function validateGlyphDocument(json: unknown): {
  issues: GlyphDocumentIssue[];
  exceeded: GlyphLimitExceeded | null;
} {
  const check = new Checker();
  if (!isObject(json)) {
    check.add("", "must be an object");
    return { issues: check.issues, exceeded: null };
  }
  if (json.schemaVersion !== GLYPH_DOCUMENT_SCHEMA_VERSION) {
    check.add("schemaVersion", `must be ${GLYPH_DOCUMENT_SCHEMA_VERSION}`);
  }
  checkContours(json.contours, check);
  checkStrokes(json.strokes, check);
  const metrics = json.metrics;
  if (!isObject(metrics)) check.add("metrics", "must be an object");
  else {
    for (const name of ["advance", "leftSideBearing", "rightSideBearing"]) {
      const value = metrics[name];
      if (value !== null) check.number(value, `metrics.${name}`, -GLYPH_LIMITS.metric, GLYPH_LIMITS.metric);
    }
    if (finite(metrics.advance) && metrics.advance < 0) check.add("metrics.advance", "must not be negative");
  }
  const adjustments = json.adjustments;
  if (!isObject(adjustments)) check.add("adjustments", "must be an object");
  else {
    check.number(adjustments.scale, "adjustments.scale", GLYPH_RANGES.scale.min, GLYPH_RANGES.scale.max);
    const shift = GLYPH_RANGES.baselineShift;
    check.number(adjustments.baselineShift, "adjustments.baselineShift", shift.min, shift.max);
  }
  checkSource(json.source, check);
  return { issues: check.issues, exceeded: check.exceeded };
}

/**
 * Returns the document typed when it is valid; throws GLYPH_TOO_COMPLEX when it passes a limit (checked first, so a
 * huge document is refused cheaply) and GLYPH_DOCUMENT_INVALID with every issue otherwise.
 */
export function assertGlyphDocument(json: unknown): GlyphDocument {
  const { issues, exceeded } = validateGlyphDocument(json);
  if (exceeded) {
    throw new GlyphError(
      "GLYPH_TOO_COMPLEX",
      `the letter has ${exceeded.actual} where at most ${exceeded.maximum} is allowed (${exceeded.limit})`,
      [],
      exceeded,
    );
  }
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new GlyphError("GLYPH_DOCUMENT_INVALID", `invalid letter: ${first.path} ${first.message}`, issues);
  }
  return json as unknown as GlyphDocument;
}
