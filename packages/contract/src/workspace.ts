import { z } from "zod";
import { JobStatus } from "./jobs.ts";
import { LANGUAGES } from "./languages.ts";

/**
 * The font workspace's calls (spec §7): templates, scans, letters and fonts. Outlines are SVG path data in font
 * units (1000 per em, y up from the baseline), the engine's space.
 */

/** Character sets of the engine's catalogue; the server checks this list against the engine's in a test. */
export const CHARACTER_SET_IDS = [
  "latin",
  "marks",
  "digits",
  "punctuation",
  "de",
  "fr",
  "es",
  "it",
  "ru",
  "uk",
  "quotes",
  "currency",
] as const;
export type CharacterSetId = (typeof CHARACTER_SET_IDS)[number];

export const UPLOAD_LIMITS = {
  /** Bytes per scan file (issue: up to 25 MB each). */
  scanFileBytes: 25 * 1024 * 1024,
  /** Files in one scan upload. */
  scanFiles: 20,
  /** Pages read from one PDF. */
  pdfPages: 20,
  /** Bytes per letter SVG. */
  letterSvgBytes: 256 * 1024,
  /** SVG files in one letters upload. */
  letterFiles: 300,
  /** Characters of path data in one outline. */
  pathChars: 200_000,
} as const;

export const SCAN_MEDIA_TYPES = [
  "image/jpeg",
  "image/heic",
  "image/heif",
  "image/png",
  "image/webp",
  "image/tiff",
  "application/pdf",
] as const;
export type ScanMediaType = (typeof SCAN_MEDIA_TYPES)[number];

/**
 * File name endings of each scan type, for file pickers: some systems give a HEIC photo no media type at all, and a
 * picker that matched types only would refuse it.
 */
export const SCAN_FILE_EXTENSIONS: Record<ScanMediaType, string[]> = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/heic": [".heic"],
  "image/heif": [".heif"],
  "image/png": [".png"],
  "image/webp": [".webp"],
  "image/tiff": [".tif", ".tiff"],
  "application/pdf": [".pdf"],
};

const Id = z.string().min(1).max(64);
const TemplateId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const Chars = z.string().min(1).max(16);
const Variant = z.number().int().min(1).max(15);
const Timestamp = z.iso.datetime();
const Message = z.object({ code: z.string(), message: z.string() });
export type CodedMessage = z.infer<typeof Message>;

// ---------------------------------------------------------------- templates

export const CreateTemplateRequest = z.object({
  name: z.string().trim().min(1).max(100),
  // Latin letters with the accent marks they compose with (the engine's DEFAULT_CHARACTER_SETS), digits, punctuation.
  sets: z
    .array(z.enum(CHARACTER_SET_IDS))
    .max(CHARACTER_SET_IDS.length)
    .default(["latin", "marks", "digits", "punctuation"]),
  chars: z.string().max(2000).default(""),
  ligatures: z.array(z.string().trim().min(2).max(16)).max(100).default([]),
  variants: z.number().int().min(1).max(15).default(1),
  paper: z.enum(["a4", "letter"]).default("a4"),
  cellSize: z.enum(["s", "m", "l"]).default("m"),
  guides: z.boolean().default(true),
});
export type CreateTemplateRequest = z.input<typeof CreateTemplateRequest>;

const BoxMm = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const PointMm = z.object({ x: z.number(), y: z.number() });

/** The engine's template layout (a public JSON contract: millimetres from the page's top-left corner). */
export const TemplateLayout = z.object({
  schemaVersion: z.literal(1),
  id: TemplateId,
  unitsPerEm: z.literal(1000),
  paper: z.object({ name: z.enum(["a4", "letter"]), widthMm: z.number(), heightMm: z.number() }),
  cellSize: z.enum(["s", "m", "l"]),
  guides: z.object({ printed: z.boolean(), capHeight: z.number(), xHeight: z.number(), descender: z.number() }),
  markers: z.object({ centers: z.tuple([PointMm, PointMm, PointMm, PointMm]), sizeMm: z.number() }),
  qr: BoxMm,
  pages: z.array(z.object({ page: z.number().int(), qcode: z.string() })),
  cells: z.array(
    z.object({
      page: z.number().int(),
      chars: z.string(),
      variant: z.number().int(),
      box: BoxMm,
      baselineY: z.number(),
      emMm: z.number(),
      label: z.string(),
    }),
  ),
});
export type TemplateLayout = z.infer<typeof TemplateLayout>;

export const TemplateSummary = z.object({
  id: TemplateId,
  name: z.string(),
  readyMade: z.boolean(),
  /** The interface language a ready-made template is meant for; null for the full set and user templates. */
  language: z.enum(LANGUAGES).nullable(),
  sets: z.array(z.string()),
  characterCount: z.number().int(),
  ligatures: z.array(z.string()),
  variants: z.number().int(),
  paper: z.enum(["a4", "letter"]),
  cellSize: z.enum(["s", "m", "l"]),
  pageCount: z.number().int(),
  qcodes: z.array(z.string()),
  /** Where the printable PDF is downloaded (GET, add `?lang=` for the printed texts). */
  pdfUrl: z.string(),
  createdAt: Timestamp.nullable(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

/**
 * The name key of a ready-made template ("ready-en" for "ready-en-v2"): a ready-made template whose layout changed
 * gets a new id (pages printed from the old one still read), and keeps its name.
 */
export const readyMadeNameKey = (templateId: string) => templateId.replace(/-v\d+$/, "");

export const CreateTemplateResponse = z.object({ template: TemplateSummary, layout: TemplateLayout });
export type CreateTemplateResponse = z.infer<typeof CreateTemplateResponse>;

export const TemplateList = z.object({ templates: z.array(TemplateSummary) });
export type TemplateList = z.infer<typeof TemplateList>;

export const LettersOfPageQuery = z.object({ qcode: z.string().min(1).max(200) });
export const LettersOfPage = z.object({
  templateId: TemplateId,
  page: z.number().int(),
  pageCount: z.number().int(),
  /** The template's layout with only this page's cells. */
  layout: TemplateLayout,
});
export type LettersOfPage = z.infer<typeof LettersOfPage>;

export const TemplatePdfQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

// ---------------------------------------------------------------- scans

export const ScanStatusName = z.enum(["queued", "reading", "done", "failed"]);
export type ScanStatusName = z.infer<typeof ScanStatusName>;

const CellWarning = Message.extend({ chars: z.string(), variant: z.number().int() });

/** One page of an uploaded file (a photo is one page; a PDF may hold several). */
export const ScanPageResult = z.object({
  /** 1-based page of the uploaded file. */
  filePage: z.number().int(),
  templateId: TemplateId.nullable(),
  /** The template page this picture shows, from its QR code. */
  page: z.number().int().nullable(),
  lettersFound: z.number().int(),
  emptyCells: z.number().int(),
  warnings: z.array(Message),
  cellWarnings: z.array(CellWarning),
  error: Message.nullable(),
});
export type ScanPageResult = z.infer<typeof ScanPageResult>;

export const ScanStatus = z.object({
  id: Id,
  fileName: z.string(),
  mediaType: z.enum(SCAN_MEDIA_TYPES),
  status: ScanStatusName,
  /** 0–100, reading progress of this file. */
  progress: z.number().int().min(0).max(100),
  pages: z.array(ScanPageResult),
  error: Message.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ScanStatus = z.infer<typeof ScanStatus>;

export const UploadScansResponse = z.object({ scans: z.array(ScanStatus) });
/** GET /api/scans: the user's latest uploads, newest first. */
export const ScanList = z.object({ scans: z.array(ScanStatus) });
export type UploadScansResponse = z.infer<typeof UploadScansResponse>;

// ---------------------------------------------------------------- letters

export const GlyphSource = z.enum(["scan", "drawn", "imported", "composite"]);

export const Glyph = z.object({
  id: Id,
  chars: Chars,
  variant: Variant,
  /** SVG path data in font units, y up from the baseline. */
  path: z.string(),
  advance: z.number().nullable(),
  lsb: z.number().nullable(),
  rsb: z.number().nullable(),
  /** Per-letter adjustments applied when the font is compiled. */
  baselineShift: z.number(),
  scale: z.number(),
  source: GlyphSource,
  /** The template page the letter was read from, when it came from a scan. */
  templatePage: z.number().int().nullable(),
  warnings: z.array(Message),
  updatedAt: Timestamp,
});
export type Glyph = z.infer<typeof Glyph>;

export const LetterInput = z.object({
  chars: Chars,
  variant: Variant.default(1),
  path: z.string().max(200_000),
  advance: z.number().min(0).max(5000).nullable().optional(),
  lsb: z.number().min(-2000).max(2000).nullable().optional(),
  rsb: z.number().min(-2000).max(2000).nullable().optional(),
  baselineShift: z.number().min(-1000).max(1000).default(0),
  scale: z.number().min(0.1).max(10).default(1),
});
export type LetterInput = z.input<typeof LetterInput>;

export const AddSingleLettersRequest = z.object({
  fontId: Id,
  letters: z.array(LetterInput).min(1).max(2000),
});
export type AddSingleLettersRequest = z.input<typeof AddSingleLettersRequest>;

export const LettersChanged = z.object({ fontId: Id, glyphs: z.array(Glyph) });
export type LettersChanged = z.infer<typeof LettersChanged>;

export const FontSettings = z.object({
  /** Font units added to both side bearings of every letter (negative tightens). */
  letterSpacing: z.number().min(-300).max(1000).default(0),
  /** Advance width of the space in font units, or null to derive it from the letters. */
  spaceWidth: z.number().min(50).max(2000).nullable().default(null),
  /** Line distance as a multiple of the em. */
  lineHeight: z.number().min(0.8).max(3).default(1.25),
  /** Scale of every letter around the baseline. */
  scale: z.number().min(0.2).max(5).default(1),
  /** Font units added to every letter's height (positive raises it). */
  baselineShift: z.number().min(-500).max(500).default(0),
  /** Cycle the written variants of repeated letters (OpenType calt). */
  randomize: z.boolean().default(true),
  ligatures: z.boolean().default(true),
  /** Kerning computed from the outlines, or manual pairs only. */
  kerning: z.enum(["auto", "off"]).default("auto"),
  kerningPairs: z
    .array(z.object({ left: z.string().min(1).max(16), right: z.string().min(1).max(16), value: z.number() }))
    .max(2000)
    .default([]),
  /** Build accented letters that were not written from a written base letter and mark. */
  compositeAccents: z.boolean().default(true),
  /** Font units by which every letter is made bolder (positive) or lighter (negative) all round; 0 = as written. */
  strokeWeight: z.number().min(-40).max(40).default(0),
});
export type FontSettings = z.infer<typeof FontSettings>;

export const SaveAllLettersRequest = z.object({
  fontId: Id,
  name: z.string().trim().min(1).max(100).optional(),
  settings: FontSettings.optional(),
  /** Letters to create or update, matched by (chars, variant). */
  glyphs: z.array(LetterInput).max(2000).default([]),
  /** Ids of letters to delete. */
  deleted: z.array(Id).max(2000).default([]),
});
export type SaveAllLettersRequest = z.input<typeof SaveAllLettersRequest>;

export const UploadLettersResponse = z.object({
  fontId: Id,
  glyphs: z.array(Glyph),
});

// ---------------------------------------------------------------- fonts

export const FontFormat = z.enum(["otf", "ttf", "woff2"]);
export type FontFormat = z.infer<typeof FontFormat>;

export const BuildInfo = z.object({
  id: Id,
  createdAt: Timestamp,
  glyphCount: z.number().int(),
  files: z.array(
    z.object({
      format: FontFormat,
      bytes: z.number().int(),
      url: z.string(),
      /** The download's file name: the font's PostScript name ("PocherkAnny-Regular.otf"). */
      fileName: z.string(),
    }),
  ),
  diagnostics: z.array(
    z.object({ code: z.string(), message: z.string(), severity: z.string(), chars: z.array(z.string()) }),
  ),
});
export type BuildInfo = z.infer<typeof BuildInfo>;

export const FontSummary = z.object({
  id: Id,
  name: z.string(),
  styleName: z.string(),
  characterCount: z.number().int(),
  glyphCount: z.number().int(),
  ligatureCount: z.number().int(),
  maxVariants: z.number().int(),
  settings: FontSettings,
  lastBuild: BuildInfo.nullable(),
  /** An image of the font's letters, once it has been built. */
  specimenUrl: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type FontSummary = z.infer<typeof FontSummary>;

export const FontList = z.object({ fonts: z.array(FontSummary) });
export type FontList = z.infer<typeof FontList>;

export const LetterSet = z.object({
  id: Id,
  templateId: TemplateId,
  templateName: z.string(),
  glyphs: z.array(Glyph),
  updatedAt: Timestamp,
});
export type LetterSet = z.infer<typeof LetterSet>;

export const FontsAndLetters = z.object({
  fonts: z.array(FontSummary.extend({ glyphs: z.array(Glyph) })),
  letterSets: z.array(LetterSet),
});
export type FontsAndLetters = z.infer<typeof FontsAndLetters>;

const FontName = z.string().trim().min(1).max(100);

export const FontOrigin = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("empty") }),
  z.object({ kind: z.literal("letterSet"), letterSetId: Id }),
  z.object({ kind: z.literal("template"), templateId: TemplateId }),
  z.object({ kind: z.literal("font"), fontId: Id }),
  z.object({ kind: z.literal("scan"), scanId: Id }),
]);
export type FontOrigin = z.infer<typeof FontOrigin>;

export const CreateFontRequest = z.object({
  name: FontName,
  from: FontOrigin.default({ kind: "empty" }),
  settings: FontSettings.optional(),
  /**
   * The characters to keep when the source holds more than the plan allows: only these go into the font, each with
   * at most the plan's number of variants (the web app lets the user choose them instead of failing).
   */
  keep: z.array(z.string().min(1).max(16)).max(2000).optional(),
});
export type CreateFontRequest = z.input<typeof CreateFontRequest>;

export const AddAsNewFontRequest = z.object({ name: FontName, from: FontOrigin, keep: CreateFontRequest.shape.keep });
export type AddAsNewFontRequest = z.input<typeof AddAsNewFontRequest>;

export const CopyFontRequest = z.object({ fontId: Id, name: FontName.optional() });
export type CopyFontRequest = z.input<typeof CopyFontRequest>;

export const JoinFontsRequest = z.object({
  /** The font whose letters are added. */
  sourceFontId: Id,
  /** The font that receives them. */
  targetFontId: Id,
  /** Which letter wins when both fonts have the same character and variant. */
  onConflict: z.enum(["source", "target"]).default("target"),
});
export type JoinFontsRequest = z.input<typeof JoinFontsRequest>;

export const JoinFontsResponse = z.object({
  font: FontSummary,
  added: z.number().int(),
  replaced: z.number().int(),
  kept: z.number().int(),
});
export type JoinFontsResponse = z.infer<typeof JoinFontsResponse>;

export const BuildFontRequest = z.object({ fontId: Id });
/** A build runs in the background: the answer is the job to follow (GET /api/jobs/:id), the same one while it runs. */
export const BuildFontResponse = z.object({ job: JobStatus });
export type BuildFontResponse = z.infer<typeof BuildFontResponse>;

export const DownloadFontQuery = z.object({ format: FontFormat.default("ttf") });

export const IdParams = z.object({ id: Id });

export const RemovedResponse = z.object({ removed: z.literal(true) });

/** Shapes shared with the letters feature (letters.ts). */
export {
  Chars as LetterChars,
  Id as EntityId,
  Message as CodedMessageSchema,
  Timestamp as IsoTimestamp,
  Variant as LetterVariant,
};
