import type {
  CharacterSetId,
  FontFormat,
  FontSettings,
  GlyphDocument,
  ScanMediaType,
  TemplateLayout,
} from "@handfont/contract";
import type { StoredMessage } from "../db/schema/workspace.ts";

/**
 * What the services need from the engine, as small ports: making templates, reading scans and compiling fonts.
 * The implementations run the engine in worker threads (engine-workers.ts); services never import the engine.
 */

export type TemplateOptions = {
  id: string;
  sets: readonly CharacterSetId[];
  chars: string;
  ligatures: readonly string[];
  variants: number;
  paper: "a4" | "letter";
  cellSize: "s" | "m" | "l";
  guides: boolean;
};

export interface TemplateMaker {
  /** Lays out a template; throws DomainError INVALID_TEMPLATE_OPTIONS for options the engine refuses. */
  layout(options: TemplateOptions): TemplateLayout;
  renderPdf(
    layout: TemplateLayout,
    texts: { name: string; instruction: string; markNote: string; date: Date },
  ): Promise<Uint8Array>;
  /** The template id and page a page's QR code names, or undefined when it is not a Handfont code. */
  decodeQcode(qcode: string): { templateId: string; page: number } | undefined;
  /** A fresh random template id. */
  newTemplateId(): string;
  /** Characters (one per entry) of the given sets, as a template made of them would hold. */
  charactersOf(sets: readonly CharacterSetId[], extra: string): string[];
}

export type ReadCell = {
  chars: string;
  variant: number;
  empty: boolean;
  /** Outline in font units, y up; empty string for an empty cell. */
  path: string;
  warnings: StoredMessage[];
  /** The box's picture (PNG, ink opaque) and where it lies in the outline's font units; null for an empty box. */
  picture: { png: Uint8Array; box: { xMin: number; yMin: number; xMax: number; yMax: number } } | null;
};

/** One page of an uploaded file: what was read from it, or why it could not be read. */
export type ReadPage = {
  filePage: number;
  read: { templateId: string; page: number; cells: ReadCell[]; warnings: StoredMessage[] } | null;
  error: StoredMessage | null;
};

export type LayoutLookup = (templateId: string, page: number) => Promise<TemplateLayout | undefined>;

export interface ScanReader {
  /**
   * Reads every page of an uploaded file. Errors of a single page are returned in its ReadPage; a file that cannot
   * be opened at all throws a WorkerTaskError with its code (IMAGE_UNREADABLE, PDF_UNREADABLE, …). The bytes are
   * handed over (moved to a worker thread): the caller does not use them afterwards.
   */
  read(
    file: { bytes: Uint8Array; mediaType: ScanMediaType },
    lookup: LayoutLookup,
    onProgress: (fraction: number) => void,
    /** Stops the reading (shutdown): child processes are killed and the promise rejects. */
    signal?: AbortSignal,
  ): Promise<ReadPage[]>;
}

/**
 * A letter as a build gets it: its document (the drawing may be left out) and the outline stored beside it, which the
 * engine's fontProjectFromLetters turns into the compiler's input.
 */
export type BuildLetter = {
  chars: string;
  variant: number;
  document: GlyphDocument;
  /** The document's outline before its adjustments, as stored (the engine's drawnPath). */
  drawnPath: string;
};

export type BuildProject = {
  family: string;
  style: string;
  designer: string;
  letters: BuildLetter[];
  settings: FontSettings;
  /** Seconds since 1970 written into the font: when its letters or settings last changed, so a build is repeatable. */
  timestamp: number;
};

export type BuiltFont = {
  files: { format: FontFormat; bytes: Uint8Array }[];
  diagnostics: { code: string; message: string; severity: string; chars: string[] }[];
  specimen: { bytes: Uint8Array; mediaType: string } | null;
};

export interface FontBuilder {
  build(project: BuildProject): Promise<BuiltFont>;
}

/** A letter's document checked against the engine's rules and limits, with the outline derived from it. */
export type PreparedLetter = { document: GlyphDocument; path: string };

export interface LetterDrawings {
  /**
   * Checks documents and derives their outlines (pen strokes are outlined in a worker). Throws DomainError
   * LETTER_INVALID or LETTER_TOO_COMPLEX with the index of the first letter that cannot be used.
   */
  prepare(documents: readonly GlyphDocument[]): Promise<PreparedLetter[]>;
}
