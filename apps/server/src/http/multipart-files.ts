import type { FastifyRequest } from "fastify";
import { DomainError } from "../services/domain-error.ts";
import { checkPartNames, uploadError } from "./multipart-stream.ts";
import { hasInvalidCharacters } from "./text-safety.ts";

export type UploadedFile = { fileName: string; bytes: Uint8Array };

/**
 * Reads a multipart upload into memory within limits: a file over `fileBytes` answers FILE_TOO_LARGE, more than
 * `files` files TOO_MANY_FILES, a request that is not multipart UPLOAD_NO_FILES. Small text fields come along.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: { fileBytes: number; files: number },
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new DomainError("UPLOAD_NO_FILES");
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: 20,
        fieldSize: 4096,
        parts: limits.files + 20,
      },
    })) {
      checkPartNames(part);
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        files.push({ fileName: part.filename || "upload", bytes: new Uint8Array(bytes) });
      } else if (typeof part.value === "string") {
        if (hasInvalidCharacters(part.value))
          throw new DomainError("INVALID_CHARACTERS", { path: `body/${part.fieldname}` });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { files, fields };
}
