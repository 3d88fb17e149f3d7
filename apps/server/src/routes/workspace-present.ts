import type { FontSummary, Glyph, JobKind, JobStatus, Language, LetterSet, ScanStatus } from "@handfont/contract";
import type { StoredMessage } from "../db/schema/workspace.ts";
import { messageFor } from "../i18n/messages.ts";
import { currentDocument, fieldsOf } from "../letters/letter-documents.ts";
import type { GlyphRow } from "../services/glyph-rows.ts";
import type { ScanRow } from "../services/scans.ts";

/** A stored warning or error in the user's language (the engine's English text when the code is new to us). */
export const translate = <T extends StoredMessage>(message: T, language: Language): T => ({
  ...message,
  message: messageFor(message.code, language, message.message),
});

export function presentGlyph(row: GlyphRow, language: Language): Glyph {
  const document = currentDocument(row.document);
  return {
    id: row.id,
    chars: row.chars,
    variant: row.variant,
    path: row.path,
    ...fieldsOf(document),
    source: row.source,
    templatePage: row.templatePage,
    warnings: row.warnings.map((warning) => translate(warning, language)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A job as the browser follows it; a dead job is failed for the user. */
export function presentJob(
  job: { id: string; kind: JobKind; state: string; progress: number; subject: string; errorCode: string | null },
  language: Language,
): JobStatus {
  const state = job.state === "dead" ? "failed" : (job.state as JobStatus["state"]);
  const code = state === "failed" ? (job.errorCode ?? "JOB_FAILED") : null;
  return {
    id: job.id,
    kind: job.kind,
    state,
    progress: state === "done" ? 100 : job.progress,
    subjectId: job.subject,
    error: code ? { code, message: messageFor(code, language) } : null,
  };
}

export function presentScan(row: ScanRow, language: Language): ScanStatus {
  return {
    id: row.id,
    fileName: row.fileName,
    mediaType: row.mediaType as ScanStatus["mediaType"],
    status: row.status,
    progress: row.progress,
    pages: row.pages.map((page) => ({
      ...page,
      warnings: page.warnings.map((warning) => translate(warning, language)),
      cellWarnings: page.cellWarnings.map((warning) => translate(warning, language)),
      error: page.error ? translate(page.error, language) : null,
    })),
    error: row.errorCode ? { code: row.errorCode, message: messageFor(row.errorCode, language) } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentLetterSet(
  entry: { set: { id: string; templateId: string; updatedAt: Date }; glyphs: GlyphRow[] },
  templateName: string,
  language: Language,
): LetterSet {
  return {
    id: entry.set.id,
    templateId: entry.set.templateId,
    templateName,
    glyphs: entry.glyphs.map((glyph) => presentGlyph(glyph, language)),
    updatedAt: entry.set.updatedAt.toISOString(),
  };
}

/** A font with its build diagnostics in the user's language, naming the characters concerned. */
export function presentFont<T extends FontSummary>(font: T, language: Language): T {
  if (!font.lastBuild) return font;
  const diagnostics = font.lastBuild.diagnostics.map((diagnostic) => ({
    ...diagnostic,
    message: messageFor(diagnostic.code, language, diagnostic.message).replace("{chars}", diagnostic.chars.join(" ")),
  }));
  return { ...font, lastBuild: { ...font.lastBuild, diagnostics } };
}
