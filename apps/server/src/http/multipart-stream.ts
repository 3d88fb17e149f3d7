import type { FastifyRequest } from "fastify";
import { DomainError } from "../services/domain-error.ts";
import type { IncomingFile } from "../services/scan-uploads.ts";
import { hasInvalidCharacters } from "./text-safety.ts";

/**
 * The files of a multipart upload one after another as streams, never whole in memory. Whoever reads them applies
 * the size limit itself: the parser stops one byte past `fileBytes`, so that reader sees the file is too large.
 * More than `files` files end the iteration with TOO_MANY_FILES; text fields are skipped.
 */
export async function* multipartFileStreams(
  request: FastifyRequest,
  limits: { fileBytes: number; files: number },
): AsyncGenerator<IncomingFile> {
  if (!request.isMultipart()) throw new DomainError("UPLOAD_NO_FILES");
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limits.fileBytes + 1,
        files: limits.files,
        fields: 20,
        fieldSize: 4096,
        parts: limits.files + 20,
      },
    })) {
      checkPartNames(part);
      if (part.type !== "file") continue;
      yield { fileName: part.filename || "upload", stream: part.file };
    }
  } catch (error) {
    throw uploadError(error);
  }
}

/** Field and file names are stored and shown; a NUL in one would fail in the database, so it is refused here. */
export function checkPartNames(part: { fieldname: string; type: string; filename?: string }): void {
  if (hasInvalidCharacters(part.fieldname)) throw new DomainError("INVALID_CHARACTERS", { path: "body" });
  if (part.type === "file" && hasInvalidCharacters(part.filename ?? "")) {
    throw new DomainError("INVALID_CHARACTERS", { path: `body/${part.fieldname}/filename` });
  }
}

// What the multipart parser (busboy) says about a body that is not well-formed multipart.
const MALFORMED = /multipart|boundary|terminated early|unexpected end/i;

/**
 * The typed error for a failure while an upload was read: domain errors as they are, the parser's limits as
 * TOO_MANY_FILES or FILE_TOO_LARGE, a malformed or cut-off body as UPLOAD_MALFORMED (400). Anything else is left
 * alone.
 */
export function uploadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "FST_REQ_FILE_TOO_LARGE") return new DomainError("FILE_TOO_LARGE");
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") return new DomainError("TOO_MANY_FILES");
  if (code === "FST_FIELDS_LIMIT") return new DomainError("VALIDATION", {}, String(message));
  if (
    code === "FST_MP_PREMATURE_CLOSE" ||
    code === "FST_PROTO_VIOLATION" ||
    code === "FST_INVALID_MULTIPART_CONTENT_TYPE" ||
    (typeof code !== "string" && typeof message === "string" && MALFORMED.test(message))
  ) {
    return new DomainError("UPLOAD_MALFORMED");
  }
  return error;
}
