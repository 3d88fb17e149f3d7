/** Stable codes of the glyph document's errors; the server and the web app translate them by code. */
export type GlyphErrorCode =
  /** Not a glyph document: a missing field, a wrong type, a contour that does not start on the curve… */
  | "GLYPH_DOCUMENT_INVALID"
  /** A schemaVersion this engine does not know (newer than it, or not a version at all). */
  | "GLYPH_DOCUMENT_VERSION_UNSUPPORTED"
  /** Valid, but beyond a limit of `GLYPH_LIMITS` (too many points or strokes, coordinates too far out). */
  | "GLYPH_TOO_COMPLEX";

/** One problem found in a glyph document, with the JSON path where it was found. */
export interface GlyphDocumentIssue {
  path: string;
  message: string;
}

/** The limit a document went past, so a message can name it. */
export interface GlyphLimitExceeded {
  limit: string;
  maximum: number;
  actual: number;
}

/** A typed error of the glyph document: `issues` lists what is wrong, `exceeded` the limit that was passed. */
export class GlyphError extends Error {
  readonly code: GlyphErrorCode;
  readonly issues: GlyphDocumentIssue[];
  readonly exceeded: GlyphLimitExceeded | null;
  constructor(code: GlyphErrorCode, message: string, issues: GlyphDocumentIssue[] = [], exceeded?: GlyphLimitExceeded) {
    super(message);
    this.name = "GlyphError";
    this.code = code;
    this.issues = issues;
    this.exceeded = exceeded ?? null;
  }
}
