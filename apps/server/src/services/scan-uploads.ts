import { randomUUID } from "node:crypto";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ScanMediaType } from "@handfont/contract";
import type { BlobStore } from "../ports/blob-store.ts";
import { sniffScanType } from "../scans/media-type.ts";
import { DomainError } from "./domain-error.ts";

/** One uploaded file as it arrives: read its stream to the end (or fail it) before the next file comes. */
export type IncomingFile = { fileName: string; stream: Readable };

/** An uploaded file once it is stored whole and checked. */
export type StoredUpload = { id: string; fileName: string; mediaType: ScanMediaType; blobKey: string; bytes: number };

// Enough of a file's start to know its type (the longest signature is a HEIC "ftyp" box with its brands).
const HEAD_BYTES = 256;

/**
 * Checks a scan file while it flows to storage, holding only its first bytes: refuses it by those bytes when it is
 * no picture or PDF the reader takes (FILE_TYPE_UNSUPPORTED), when it is empty (FILE_EMPTY), and as soon as it
 * grows past `maxBytes` (FILE_TOO_LARGE), so an oversize upload is never taken in whole.
 */
export class ScanFileCheck extends Transform {
  mediaType: ScanMediaType | null = null;
  private readonly fileName: string;
  private readonly maxBytes: number;
  private head: Buffer[] = [];
  private seen = 0;

  constructor(fileName: string, maxBytes: number) {
    super();
    this.fileName = fileName;
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.byteLength;
    if (this.seen > this.maxBytes) {
      done(new DomainError("FILE_TOO_LARGE", { fileName: this.fileName }));
    } else if (this.mediaType) {
      done(null, chunk);
    } else {
      this.head.push(chunk);
      done(this.seen >= HEAD_BYTES ? this.release() : null);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.seen === 0) done(new DomainError("FILE_EMPTY", { fileName: this.fileName }));
    else done(this.mediaType ? null : this.release());
  }

  /** Decides the type from the bytes held so far and passes them on; the error when the type is not taken. */
  private release(): DomainError | null {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.mediaType = sniffScanType(head);
    if (!this.mediaType) return new DomainError("FILE_TYPE_UNSUPPORTED", { fileName: this.fileName });
    this.push(head);
    return null;
  }
}

/**
 * Streams each uploaded file into storage as `scans/<new id>/original`, checking it on the way. All or nothing:
 * when one file is refused or the upload breaks off, the files already stored are deleted and the error is thrown.
 */
export async function storeScanUploads(
  blobs: BlobStore,
  files: AsyncIterable<IncomingFile>,
  limits: { fileBytes: number; files: number },
): Promise<StoredUpload[]> {
  const stored: StoredUpload[] = [];
  let current: string | null = null;
  try {
    for await (const file of files) {
      if (stored.length >= limits.files) {
        file.stream.destroy();
        throw new DomainError("TOO_MANY_FILES");
      }
      const id = randomUUID();
      current = id;
      const blobKey = `scans/${id}/original`;
      const check = new ScanFileCheck(file.fileName, limits.fileBytes);
      const [piped, written] = await Promise.allSettled([
        pipeline(file.stream, check),
        blobs.putStream(blobKey, check),
      ]);
      // The check's verdict (or the upload's own failure) explains more than the store's view of it.
      if (piped.status === "rejected") throw piped.reason;
      if (written.status === "rejected") throw written.reason;
      stored.push({ id, fileName: file.fileName, mediaType: check.mediaType!, blobKey, bytes: written.value });
      current = null;
    }
  } catch (error) {
    await discardUploads(blobs, current ? [...stored, { id: current }] : stored);
    throw error;
  }
  if (stored.length === 0) throw new DomainError("UPLOAD_NO_FILES");
  return stored;
}

/** Deletes stored uploads that will not be read (a refused batch, a failed insert). */
export async function discardUploads(blobs: BlobStore, uploads: { id: string }[]): Promise<void> {
  for (const { id } of uploads) await blobs.deleteFolder(`scans/${id}`);
}
