import { OutlineError, parseSvgPath } from "../outline/parse-path.ts";
import { contoursFromOutline } from "./contours.ts";
import { GLYPH_DOCUMENT_SCHEMA_VERSION, type GlyphDocument, type GlyphSource } from "./document.ts";
import { GlyphError } from "./errors.ts";
import { assertGlyphDocument } from "./validate-document.ts";

type Json = Record<string, unknown>;

interface Migration {
  from: number;
  /** Turns a document of version `from` into version `from + 1`. */
  name: string;
  up: (doc: Json) => Json;
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const metric = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Where a version-0 letter came from, in the document's terms. */
function sourceOfStoredLetter(letter: Json): GlyphSource {
  const page = letter.templatePage;
  switch (letter.source) {
    case "drawn":
      return { kind: "drawn" };
    case "imported":
      return { kind: "imported", fileName: null };
    default:
      return {
        kind: "scan",
        templateId: typeof letter.templateId === "string" ? letter.templateId : null,
        page: typeof page === "number" && Number.isInteger(page) && page >= 1 ? page : null,
        image: null,
      };
  }
}

/**
 * Version 0 is a letter as the database stored it before documents: `path` (SVG path data in font units), `advance`,
 * `lsb` and `rsb` (null = automatic), `scale`, `baselineShift`, `source` ("scan" | "drawn" | "imported") and
 * `templatePage` (optionally `templateId`). Its path becomes contours point for point, typed corner or smooth.
 */
const migrations: Migration[] = [
  {
    from: 0,
    name: "stored letter fields to contours",
    up: (letter) => {
      const path = typeof letter.path === "string" ? letter.path : "";
      let contours: ReturnType<typeof contoursFromOutline>;
      try {
        contours = path.trim() === "" ? [] : contoursFromOutline(parseSvgPath(path));
      } catch (error) {
        if (error instanceof OutlineError) {
          throw new GlyphError("GLYPH_DOCUMENT_INVALID", `invalid letter: path ${error.message}`, [
            { path: "path", message: error.message },
          ]);
        }
        throw error;
      }
      return {
        schemaVersion: 1,
        contours,
        strokes: [],
        metrics: {
          advance: metric(letter.advance),
          leftSideBearing: metric(letter.lsb),
          rightSideBearing: metric(letter.rsb),
        },
        adjustments: { scale: numberOr(letter.scale, 1), baselineShift: numberOr(letter.baselineShift, 0) },
        source: sourceOfStoredLetter(letter),
      };
    },
  },
];

/** Upgrades a glyph document (or a version-0 stored letter) of any known version to the current one and validates it. */
export function migrateGlyphDocument(json: unknown): GlyphDocument {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new GlyphError("GLYPH_DOCUMENT_INVALID", "a letter must be a JSON object", [
      { path: "", message: "must be an object" },
    ]);
  }
  let doc = json as Json;
  const declared: unknown = doc.schemaVersion === undefined ? 0 : doc.schemaVersion;
  if (
    typeof declared !== "number" ||
    !Number.isInteger(declared) ||
    declared < 0 ||
    declared > GLYPH_DOCUMENT_SCHEMA_VERSION
  ) {
    throw new GlyphError(
      "GLYPH_DOCUMENT_VERSION_UNSUPPORTED",
      `letter schemaVersion ${String(declared)} is not supported (latest ${GLYPH_DOCUMENT_SCHEMA_VERSION})`,
    );
  }
  let version = declared;
  while (version < GLYPH_DOCUMENT_SCHEMA_VERSION) {
    const step = migrations.find((migration) => migration.from === version);
    if (!step) throw new GlyphError("GLYPH_DOCUMENT_VERSION_UNSUPPORTED", `no migration from schemaVersion ${version}`);
    doc = step.up(doc);
    version = doc.schemaVersion as number;
  }
  return assertGlyphDocument(doc);
}
