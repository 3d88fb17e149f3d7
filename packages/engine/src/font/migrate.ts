import { FontError } from "./errors.ts";
import { DEFAULT_FONT_SETTINGS, FONT_PROJECT_SCHEMA_VERSION, type FontProject } from "./project.ts";
import { assertFontProject } from "./validate.ts";

type Json = Record<string, unknown>;

interface Migration {
  from: number;
  /** Turns a project of version `from` into version `from + 1`. */
  up: (project: Json) => Json;
}

/**
 * Version 0 is the unversioned draft shape: no schemaVersion, settings possibly partial or absent, licence as a
 * plain string ("OFL", "all rights reserved" or any other text), no weight.
 */
const migrations: Migration[] = [
  {
    from: 0,
    up: (project) => {
      const licence = project.licence;
      let upgraded: unknown = licence;
      if (typeof licence === "string" || licence === undefined) {
        const text = (licence ?? "").trim();
        if (text === "" || /^all rights reserved$/i.test(text)) upgraded = { kind: "all-rights-reserved" };
        else if (/^(sil )?ofl/i.test(text)) upgraded = { kind: "OFL-1.1" };
        else upgraded = { kind: "custom", text };
      }
      const settings = typeof project.settings === "object" && project.settings !== null ? project.settings : {};
      return {
        designer: "",
        version: "1.000",
        style: "Regular",
        weight: 400,
        ...project,
        licence: upgraded,
        settings: { ...DEFAULT_FONT_SETTINGS, ...settings },
        schemaVersion: 1,
      };
    },
  },
];

/** Upgrades FontProject JSON of any known version to the current one and validates it. */
export function migrateFontProject(json: unknown): FontProject {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new FontError("FONT_PROJECT_INVALID", "a font project must be a JSON object", [
      { path: "", message: "must be an object" },
    ]);
  }
  let project = json as Json;
  const declared: unknown = project.schemaVersion === undefined ? 0 : project.schemaVersion;
  if (
    typeof declared !== "number" ||
    !Number.isInteger(declared) ||
    declared < 0 ||
    declared > FONT_PROJECT_SCHEMA_VERSION
  ) {
    throw new FontError(
      "FONT_PROJECT_VERSION_UNSUPPORTED",
      `font project schemaVersion ${String(declared)} is not supported (latest ${FONT_PROJECT_SCHEMA_VERSION})`,
    );
  }
  let version = declared;
  while (version < FONT_PROJECT_SCHEMA_VERSION) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) throw new FontError("FONT_PROJECT_VERSION_UNSUPPORTED", `no migration from schemaVersion ${version}`);
    project = step.up(project);
    version = project.schemaVersion as number;
  }
  return assertFontProject(project);
}
