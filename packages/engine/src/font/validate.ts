import { FontError, type FontProjectIssue } from "./errors.ts";
import { FONT_PROJECT_SCHEMA_VERSION, type FontProject } from "./project.ts";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** Every problem of a value that should be a current-version FontProject (empty when it is one). */
export function validateFontProject(value: unknown): FontProjectIssue[] {
  const issues: FontProjectIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ path, message });
  if (!isObject(value)) return [{ path: "", message: "must be an object" }];
  if (value.schemaVersion !== FONT_PROJECT_SCHEMA_VERSION) {
    fail("schemaVersion", `must be ${FONT_PROJECT_SCHEMA_VERSION}`);
  }
  for (const key of ["family", "style"] as const) {
    const text = value[key];
    if (typeof text !== "string" || text.trim() === "") fail(key, "must be a non-empty string");
    else if (text.length > 63) fail(key, "must be at most 63 characters");
  }
  if (typeof value.designer !== "string") fail("designer", "must be a string");
  if (typeof value.version !== "string" || !/^\d{1,5}\.\d{1,3}$/.test(value.version)) {
    fail("version", 'must look like "1.000"');
  }
  const licence = value.licence;
  if (!isObject(licence) || !["OFL-1.1", "all-rights-reserved", "custom"].includes(licence.kind as string)) {
    fail("licence.kind", 'must be "OFL-1.1", "all-rights-reserved" or "custom"');
  } else if (licence.kind === "custom" && (typeof licence.text !== "string" || licence.text.trim() === "")) {
    fail("licence.text", "must be the licence text");
  }
  if (!isFiniteNumber(value.weight) || value.weight < 1 || value.weight > 1000) fail("weight", "must be 1–1000");
  if (!Array.isArray(value.glyphs)) fail("glyphs", "must be an array");
  else {
    value.glyphs.forEach((glyph: unknown, index) => {
      const at = `glyphs[${index}]`;
      if (!isObject(glyph)) {
        fail(at, "must be an object");
        return;
      }
      if (typeof glyph.chars !== "string" || [...glyph.chars].length === 0)
        fail(`${at}.chars`, "must name 1+ characters");
      if (!Number.isInteger(glyph.variant) || (glyph.variant as number) < 0)
        fail(`${at}.variant`, "must be an integer ≥ 0");
      if (typeof glyph.path !== "string") fail(`${at}.path`, "must be SVG path data");
      for (const key of ["advance", "leftSideBearing", "rightSideBearing"] as const) {
        if (glyph[key] !== undefined && !isFiniteNumber(glyph[key])) fail(`${at}.${key}`, "must be a number");
      }
      if (glyph.advance !== undefined && (glyph.advance as number) < 0) fail(`${at}.advance`, "must be ≥ 0");
    });
  }
  const settings = value.settings;
  if (!isObject(settings)) fail("settings", "must be an object");
  else {
    for (const key of ["letterSpacing", "baselineShift"] as const) {
      if (!isFiniteNumber(settings[key])) fail(`settings.${key}`, "must be a number");
    }
    if (settings.spaceWidth !== null && !(isFiniteNumber(settings.spaceWidth) && settings.spaceWidth >= 0)) {
      fail("settings.spaceWidth", "must be null or a number ≥ 0");
    }
    if (!isFiniteNumber(settings.lineHeight) || settings.lineHeight < 0.5 || settings.lineHeight > 4) {
      fail("settings.lineHeight", "must be 0.5–4");
    }
    if (!isFiniteNumber(settings.scale) || settings.scale <= 0 || settings.scale > 10)
      fail("settings.scale", "must be in (0, 10]");
    for (const key of ["randomize", "ligatures", "compositeAccents"] as const) {
      if (typeof settings[key] !== "boolean") fail(`settings.${key}`, "must be true or false");
    }
    if (settings.kerning !== "auto" && settings.kerning !== "off") fail("settings.kerning", 'must be "auto" or "off"');
    if (!Array.isArray(settings.kerningPairs)) fail("settings.kerningPairs", "must be an array");
    else {
      settings.kerningPairs.forEach((pair: unknown, index) => {
        const at = `settings.kerningPairs[${index}]`;
        if (
          !isObject(pair) ||
          typeof pair.left !== "string" ||
          typeof pair.right !== "string" ||
          !isFiniteNumber(pair.value)
        ) {
          fail(at, "must be { left, right, value }");
        } else if (pair.left === "" || pair.right === "") fail(at, "left and right must not be empty");
      });
    }
  }
  return issues;
}

/** Returns the value typed as a FontProject, or throws FONT_PROJECT_INVALID listing every problem. */
export function assertFontProject(value: unknown): FontProject {
  const issues = validateFontProject(value);
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new FontError("FONT_PROJECT_INVALID", `invalid font project: ${first.path} ${first.message}`, issues);
  }
  return value as FontProject;
}
