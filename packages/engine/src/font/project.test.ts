import { describe, expect, it } from "vitest";
import { FontError } from "./errors.ts";
import { migrateFontProject } from "./migrate.ts";
import { DEFAULT_FONT_SETTINGS, type FontProject } from "./project.ts";
import { validateFontProject } from "./validate.ts";

const valid: FontProject = {
  schemaVersion: 1,
  family: "My Hand",
  style: "Regular",
  designer: "Me",
  version: "1.000",
  licence: { kind: "OFL-1.1" },
  weight: 400,
  glyphs: [{ chars: "a", variant: 1, path: "M0 0L100 0L100 100Z" }],
  settings: { ...DEFAULT_FONT_SETTINGS },
};

describe("FontProject", () => {
  it("accepts a valid project", () => {
    expect(validateFontProject(valid)).toEqual([]);
    expect(migrateFontProject(structuredClone(valid))).toEqual(valid);
  });

  it("lists every problem with its path", () => {
    const issues = validateFontProject({
      ...valid,
      family: "",
      version: "one",
      glyphs: [{ chars: "", variant: -1, path: 3 }],
      settings: { ...valid.settings, kerning: "sometimes", scale: 0 },
    });
    expect(issues.map((issue) => issue.path)).toEqual([
      "family",
      "version",
      "glyphs[0].chars",
      "glyphs[0].variant",
      "glyphs[0].path",
      "settings.scale",
      "settings.kerning",
    ]);
  });

  it("migrates an unversioned draft: licence text, partial settings, defaults", () => {
    const project = migrateFontProject({
      family: "Old Hand",
      licence: "OFL",
      glyphs: valid.glyphs,
      settings: { randomize: false },
    });
    expect(project.schemaVersion).toBe(1);
    expect(project.licence).toEqual({ kind: "OFL-1.1" });
    expect(project.settings.randomize).toBe(false);
    expect(project.settings.ligatures).toBe(true);
    expect(migrateFontProject({ ...valid, schemaVersion: undefined, licence: "All rights reserved" }).licence).toEqual({
      kind: "all-rights-reserved",
    });
  });

  it("throws typed errors for invalid and future projects", () => {
    expect(() => migrateFontProject({ ...valid, weight: "bold" })).toThrow(
      expect.objectContaining({ code: "FONT_PROJECT_INVALID" }),
    );
    expect(() => migrateFontProject({ ...valid, schemaVersion: 99 })).toThrow(
      expect.objectContaining({ code: "FONT_PROJECT_VERSION_UNSUPPORTED" }),
    );
    expect(() => migrateFontProject([])).toThrow(FontError);
  });
});
