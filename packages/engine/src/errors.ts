/**
 * Errors and warnings of the engine, each with a stable code. The server and the web app translate by code;
 * the English messages here are the reference wording meant for the user.
 */

/** Codes of errors that stop reading a page or building a template. */
export const ENGINE_ERROR_CODES = [
  "IMAGE_UNREADABLE",
  "IMAGE_TOO_LARGE",
  "TEMPLATE_NOT_FOUND_ON_PAGE",
  "TEMPLATE_UNKNOWN",
  "PAGE_DAMAGED",
  "INVALID_TEMPLATE_OPTIONS",
  "ENGINE_NOT_INITIALISED",
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** English user messages by error code. */
export const ENGINE_ERROR_MESSAGES: Record<EngineErrorCode, string> = {
  IMAGE_UNREADABLE: "This file is not an image we can read. Please upload a JPEG, PNG, WebP or TIFF photo or scan.",
  IMAGE_TOO_LARGE: "This image is too large. Please upload a photo or scan of at most 50 megapixels (600 dpi for A4).",
  TEMPLATE_NOT_FOUND_ON_PAGE:
    "We could not find a Handfont template on this page. Make sure the whole page with its QR code is in the picture.",
  TEMPLATE_UNKNOWN: "This page belongs to a template we do not know. Was it created with another account?",
  PAGE_DAMAGED:
    "We could not find all four corner markers of this page. Make sure all four corners are visible, flat and not covered.",
  INVALID_TEMPLATE_OPTIONS: "These template settings cannot be used.",
  ENGINE_NOT_INITIALISED: "The scan reader is not ready yet.",
};

/** An engine failure with a stable `code`, an English user message and optional diagnostic details. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: EngineErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? ENGINE_ERROR_MESSAGES[code]);
    this.name = "EngineError";
    this.code = code;
    this.details = details;
  }
}

/** Whether a thrown value is an EngineError (also across realms, e.g. after structured cloning). */
export function isEngineError(value: unknown): value is EngineError {
  return (
    value instanceof EngineError ||
    (typeof value === "object" &&
      value !== null &&
      (value as { name?: unknown }).name === "EngineError" &&
      ENGINE_ERROR_CODES.includes((value as { code?: unknown }).code as EngineErrorCode))
  );
}

/** Codes of warnings attached to a cell or a page; the glyph or page is still usable. */
export const SCAN_WARNING_CODES = [
  "STROKE_TRIMMED",
  "TOUCHES_BORDER",
  "CROSSED_BOX",
  "SPECKS_REMOVED",
  "FAINT_INK",
  "LOW_RESOLUTION",
  "STRONG_PERSPECTIVE",
  "UNEVEN_LIGHTING",
  "GLARE",
  "PAGE_EMPTY",
  "ERASED_LETTER",
] as const;

export type ScanWarningCode = (typeof SCAN_WARNING_CODES)[number];

/** English user messages by warning code. */
export const SCAN_WARNING_MESSAGES: Record<ScanWarningCode, string> = {
  STROKE_TRIMMED: "A stroke coming in from a neighbouring box was removed.",
  TOUCHES_BORDER: "The letter runs too far past its box, or off the page, and may be cut off.",
  CROSSED_BOX: "The letter goes past the edge of its box; the part outside was kept.",
  SPECKS_REMOVED: "Small specks of dirt were removed.",
  FAINT_INK: "The ink is very faint; the letter may be incomplete. Try a darker pen.",
  LOW_RESOLUTION: "The page was captured at a low resolution; letters may look rough. Scan at 300 dpi or move closer.",
  STRONG_PERSPECTIVE: "The page was photographed at a steep angle; hold the camera straight above the page.",
  UNEVEN_LIGHTING: "The lighting is very uneven; avoid shadows on the page.",
  GLARE:
    "A reflection washes out part of the page; letters there may be faint or missing. Photograph the page again without the flash, with the light coming from the side.",
  PAGE_EMPTY: "No letters were found on this page. Was it filled in, and written with a dark enough pen?",
  ERASED_LETTER:
    "Only the faint trace of an erased letter was found in this box, so it was left empty. If a letter belongs here, write it more firmly.",
};

/** A warning about a cell or a page, as data. */
export type ScanWarning = { code: ScanWarningCode; message: string };

/** Builds a warning with its English message. */
export function scanWarning(code: ScanWarningCode): ScanWarning {
  return { code, message: SCAN_WARNING_MESSAGES[code] };
}
