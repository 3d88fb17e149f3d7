/** Stable codes of the font compiler's errors; the HTTP layer maps them to statuses and messages. */
export type FontErrorCode =
  | "FONT_PROJECT_INVALID"
  | "FONT_PROJECT_VERSION_UNSUPPORTED"
  | "FONT_NO_GLYPHS"
  | "FONT_OUTLINE_INVALID"
  | "FONT_FORMAT_UNSUPPORTED"
  | "FONT_TOO_MANY_GLYPHS"
  | "FONT_TABLE_OVERFLOW"
  | "FONT_FILE_UNREADABLE";

/** One problem found in a FontProject, with the JSON path where it was found. */
export interface FontProjectIssue {
  path: string;
  message: string;
}

/** A typed error of the font compiler; `issues` lists every problem when a project is invalid. */
export class FontError extends Error {
  readonly code: FontErrorCode;
  readonly issues: FontProjectIssue[];
  constructor(code: FontErrorCode, message: string, issues: FontProjectIssue[] = []) {
    super(message);
    this.name = "FontError";
    this.code = code;
    this.issues = issues;
  }
}
