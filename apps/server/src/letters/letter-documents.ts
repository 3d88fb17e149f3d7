import type { GlyphDocument } from "@handfont/contract";
import {
  drawnPath,
  type GlyphDocument as EngineDocument,
  GlyphError,
  migrateGlyphDocument,
  type UnitBox,
} from "@handfont/engine/fonts";
import { DomainError } from "../services/domain-error.ts";

/** The letter fields the spec's calls send and return beside a path (the glyph API before documents). */
export type LetterFields = {
  advance: number | null;
  lsb: number | null;
  rsb: number | null;
  baselineShift: number;
  scale: number;
};

/** The fields of a letter nobody adjusted: automatic metrics, no scale, no shift. */
export const NO_FIELDS: LetterFields = { advance: null, lsb: null, rsb: null, baselineShift: 0, scale: 1 };

/** Where a letter came from, as the spec's calls and the glyphs table's `source` column name it. */
export type StoredSource = "scan" | "drawn" | "imported" | "composite";

/** The engine's refusal of a document as the domain's error. */
export function letterError(error: unknown): unknown {
  if (error instanceof GlyphError) {
    return new DomainError(error.code === "GLYPH_TOO_COMPLEX" ? "LETTER_TOO_COMPLEX" : "LETTER_INVALID", {
      ...(error.exceeded ? { limit: error.exceeded.limit, maximum: error.exceeded.maximum } : {}),
      ...(error.issues[0] ? { path: error.issues[0].path } : {}),
    });
  }
  return error;
}

/**
 * A stored document of any version as the current one (rows are upgraded when the database opens, so this only
 * migrates what was written by an older process meanwhile).
 */
export function currentDocument(stored: Record<string, unknown>): GlyphDocument {
  if (stored.schemaVersion === 1) return stored as unknown as GlyphDocument;
  try {
    return migrateGlyphDocument(stored) as GlyphDocument;
  } catch (error) {
    throw letterError(error);
  }
}

/**
 * A document from a path and the spec's letter fields: the path becomes contours point for point (the engine's
 * version-0 letter), so the outline is exactly what was sent.
 */
export function documentFromPath(
  path: string,
  fields: LetterFields,
  source: {
    kind: StoredSource;
    templateId?: string | null;
    page?: number | null;
    fileName?: string | null;
    /** A scanned box's picture kept for tracing: its blob key and where it lies in font units. */
    image?: { ref: string; box: UnitBox } | null;
  },
): GlyphDocument {
  const doc = currentDocument({
    path,
    advance: fields.advance,
    lsb: fields.lsb,
    rsb: fields.rsb,
    scale: fields.scale,
    baselineShift: fields.baselineShift,
    source: source.kind,
    templatePage: source.page ?? null,
    templateId: source.templateId ?? null,
  });
  if (source.kind === "imported") return { ...doc, source: { kind: "imported", fileName: source.fileName ?? null } };
  if (doc.source.kind === "scan" && source.image) return { ...doc, source: { ...doc.source, image: source.image } };
  return doc;
}

/** The spec's letter fields of a document. */
export function fieldsOf(doc: Pick<GlyphDocument, "metrics" | "adjustments">): LetterFields {
  return {
    advance: doc.metrics.advance,
    lsb: doc.metrics.leftSideBearing,
    rsb: doc.metrics.rightSideBearing,
    baselineShift: doc.adjustments.baselineShift,
    scale: doc.adjustments.scale,
  };
}

/** The `source` column of a document. */
export const storedSource = (doc: GlyphDocument): StoredSource => doc.source.kind;

/** The `template_page` column of a document. */
export const templatePageOf = (doc: GlyphDocument): number | null =>
  doc.source.kind === "scan" ? doc.source.page : null;

/**
 * The outline cache of a document without pen strokes (its contours serialised): quick enough for the calling
 * thread. Documents with strokes are outlined by the LetterDrawings port, in a worker.
 */
export function contourPath(doc: GlyphDocument): string {
  if (doc.strokes.length > 0) throw new Error("a document with strokes is outlined in a worker");
  return drawnPath(doc as EngineDocument);
}
