import { z } from "zod";
import {
  CodedMessageSchema,
  EntityId as Id,
  LetterChars,
  LetterVariant,
  IsoTimestamp as Timestamp,
} from "./workspace.ts";

/**
 * The letter as a document (the engine's GlyphDocument, packages/engine/src/glyph/document.ts) and the letters API
 * built on it: one font's letters with their revisions, and changes checked against those revisions. A test keeps
 * these schemas and limits equal to the engine's.
 */

/** How large one letter and one font may be (the engine's GLYPH_LIMITS for a letter; the font's own here). */
export const LETTER_LIMITS = {
  contourPoints: 50_000,
  strokes: 200,
  strokePoints: 5_000,
  totalStrokePoints: 10_000,
  coordinate: 10_000,
  metric: 10_000,
} as const;

export const FONT_LIMITS = {
  /** Letters (characters × variants, ligatures included) in one font. */
  letters: 5_000,
  /** Stored size of all of a font's letter documents together, in bytes as the database keeps them. */
  documentBytes: 24 * 1024 * 1024,
  /** Letter changes in one request. */
  changesPerRequest: 500,
} as const;

const Coordinate = z.number().min(-LETTER_LIMITS.coordinate).max(LETTER_LIMITS.coordinate);

export const ContourPoint = z.union([
  z.object({ x: Coordinate, y: Coordinate, on: z.literal(true), type: z.enum(["corner", "smooth"]) }),
  z.object({ x: Coordinate, y: Coordinate, on: z.literal(false) }),
]);

export const GlyphContour = z.object({ points: z.array(ContourPoint).min(1).max(LETTER_LIMITS.contourPoints) });

export const PenOptions = z.object({
  size: z.number().min(0.5).max(100),
  thinning: z.number().min(-1).max(1),
  smoothing: z.number().min(0).max(1),
  streamline: z.number().min(0).max(1),
  simulatePressure: z.boolean(),
});

export const StrokePoint = z.object({
  x: Coordinate,
  y: Coordinate,
  pressure: z.number().min(0).max(1),
  t: z.number().min(0),
});

export const PenStroke = z.object({
  id: z.string().min(1).max(64),
  points: z.array(StrokePoint).min(1).max(LETTER_LIMITS.strokePoints),
  pen: PenOptions,
});

const UnitBox = z.object({ xMin: Coordinate, yMin: Coordinate, xMax: Coordinate, yMax: Coordinate });

export const GlyphDocumentSource = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("scan"),
    templateId: z.string().max(256).nullable(),
    page: z.number().int().min(1).nullable(),
    image: z.object({ ref: z.string().max(256), box: UnitBox }).nullable(),
  }),
  z.object({ kind: z.literal("drawn") }),
  z.object({ kind: z.literal("imported"), fileName: z.string().max(256).nullable() }),
  z.object({ kind: z.literal("composite"), base: z.string().max(16), mark: z.string().max(16) }),
]);

const Metric = z.number().min(-LETTER_LIMITS.metric).max(LETTER_LIMITS.metric).nullable();

/** A letter: contours and/or pen strokes, metrics (null = automatic), adjustments and where it came from. */
export const GlyphDocument = z.object({
  schemaVersion: z.literal(1),
  contours: z.array(GlyphContour).max(LETTER_LIMITS.contourPoints),
  strokes: z.array(PenStroke).max(LETTER_LIMITS.strokes),
  metrics: z.object({ advance: Metric, leftSideBearing: Metric, rightSideBearing: Metric }),
  adjustments: z.object({ scale: z.number().min(0.05).max(20), baselineShift: z.number().min(-5000).max(5000) }),
  source: GlyphDocumentSource,
});
export type GlyphDocument = z.infer<typeof GlyphDocument>;

/** One letter of a font as stored: its document, its revision and the outline derived from it. */
export const LetterState = z.object({
  chars: LetterChars,
  variant: LetterVariant,
  /** Starts at 1 and grows by one with every write of the letter. */
  revision: z.number().int().min(1),
  document: GlyphDocument,
  /** The document's outline before its adjustments, SVG path data in font units (a cache derived from it). */
  path: z.string(),
  warnings: z.array(CodedMessageSchema),
  updatedAt: Timestamp,
});
export type LetterState = z.infer<typeof LetterState>;

export const FontLetters = z.object({ fontId: Id, letters: z.array(LetterState) });
export type FontLetters = z.infer<typeof FontLetters>;

/**
 * One change: the letter's new document made on `baseRevision` (null = "I believe this letter does not exist
 * yet"); a null document deletes the letter.
 */
export const LetterChange = z.object({
  chars: LetterChars,
  variant: LetterVariant,
  baseRevision: z.number().int().min(1).nullable(),
  document: GlyphDocument.nullable(),
});
export type LetterChange = z.infer<typeof LetterChange>;

export const LetterChangesRequest = z.object({
  changes: z.array(LetterChange).min(1).max(FONT_LIMITS.changesPerRequest),
});
export type LetterChangesRequest = z.infer<typeof LetterChangesRequest>;

/** The body of a 409 LETTER_CONFLICT: the current state of every letter whose base revision was stale. */
export const LetterConflictBody = z.object({
  code: z.literal("LETTER_CONFLICT"),
  message: z.string(),
  conflicts: z.array(z.object({ chars: LetterChars, variant: LetterVariant, current: LetterState.nullable() })),
});
export type LetterConflictBody = z.infer<typeof LetterConflictBody>;

export const FontIdParams = z.object({ fontId: Id });

/** Which letter of a font a request names, in its query string (`?chars=A&variant=2`). */
export const LetterSlotQuery = z.object({ chars: LetterChars, variant: z.coerce.number().pipe(LetterVariant) });
export type LetterSlotQuery = z.infer<typeof LetterSlotQuery>;
export const LetterSetIdParams = z.object({ letterSetId: Id });

/** A letter set in a list: what it is and how many letters it has, never its outlines. */
export const LetterSetSummary = z.object({
  id: Id,
  templateId: z.string(),
  templateName: z.string(),
  letterCount: z.number().int(),
  updatedAt: Timestamp,
});
export type LetterSetSummary = z.infer<typeof LetterSetSummary>;

export const LetterSetList = z.object({ letterSets: z.array(LetterSetSummary) });
export type LetterSetList = z.infer<typeof LetterSetList>;

export const LetterSetLetters = z.object({ letterSetId: Id, letters: z.array(LetterState) });
export type LetterSetLetters = z.infer<typeof LetterSetLetters>;
