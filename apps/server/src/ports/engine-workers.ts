import { type GlyphDocument, UPLOAD_LIMITS } from "@handfont/contract";
import { combineCharacters, decodeQrPayload, isEngineError, layoutTemplate, newTemplateId } from "@handfont/engine";
import { type PdfLimits, rasterisePdf } from "../scans/pdf-pages.ts";
import { DomainError } from "../services/domain-error.ts";
import { prepareLetters } from "../workers/prepare-letters.ts";
import type {
  BuiltFont,
  FontBuilder,
  LetterDrawings,
  PreparedLetter,
  ReadPage,
  ScanReader,
  TemplateMaker,
} from "./engine-ports.ts";
import { createWorkerPool, type WorkerPool, WorkerTaskError } from "./worker-pool.ts";

/** Failures of the reader itself, not of a page: the whole file is tried again. */
const PAGE_RETRYABLE = new Set(["WORKER_CRASHED", "TASK_TIMEOUT", "SERVER_BUSY", "TASK_FAILED"]);

/** Contour points above which even a document without strokes is checked and outlined in a worker. */
const LIGHT_POINTS = 5_000;

const isHeavy = (document: GlyphDocument) =>
  document.strokes.length > 0 ||
  document.contours.reduce((sum, contour) => sum + contour.points.length, 0) > LIGHT_POINTS;

/** The engine's refusal of a letter (thrown here or in a worker) as the domain's error naming the letter. */
function letterDomainError(error: unknown): unknown {
  const coded = error as { code?: unknown; details?: { index?: unknown; limit?: unknown; maximum?: unknown } };
  if (typeof coded.code !== "string" || !coded.code.startsWith("GLYPH_")) return error;
  const details = coded.details ?? {};
  return new DomainError(coded.code === "GLYPH_TOO_COMPLEX" ? "LETTER_TOO_COMPLEX" : "LETTER_INVALID", {
    index: details.index ?? null,
    ...(details.limit ? { limit: details.limit, maximum: details.maximum } : {}),
  });
}

/** Sample text of the specimen image on font cards. */
const SPECIMEN_TEXT = "Handfont Aa Bb Cc 123";

/**
 * The engine behind the workspace ports: template layout on the calling thread (it is quick and pure), PDF
 * rendering, scan reading and font compiling in a pool of worker threads.
 */
export function createEnginePorts(options: {
  workers: number;
  /** Threads each worker reads a page's boxes with besides its own (see createBoxHelpers); none by default. */
  boxHelpers?: number;
  taskTimeoutMs?: number;
  pdfLimits?: Partial<PdfLimits>;
}): {
  templateMaker: TemplateMaker;
  scanReader: ScanReader;
  fontBuilder: FontBuilder;
  letterDrawings: LetterDrawings;
  pool: WorkerPool;
} {
  const pool = createWorkerPool({
    script: new URL("../workers/engine-worker.ts", import.meta.url),
    size: options.workers,
    maxQueue: 100,
    taskTimeoutMs: options.taskTimeoutMs ?? 5 * 60_000,
    workerData: { boxHelpers: options.boxHelpers ?? 0 },
  });

  const templateMaker: TemplateMaker = {
    layout(templateOptions) {
      try {
        return layoutTemplate(templateOptions);
      } catch (error) {
        if (isEngineError(error) && error.code === "INVALID_TEMPLATE_OPTIONS") {
          throw new DomainError("INVALID_TEMPLATE_OPTIONS", { reason: error.message });
        }
        throw error;
      }
    },
    renderPdf: (layout, texts) => pool.run<Uint8Array>("renderPdf", { layout, texts }),
    decodeQcode: (qcode) => {
      const decoded = decodeQrPayload(qcode);
      return decoded ? { templateId: decoded.templateId, page: decoded.page } : undefined;
    },
    newTemplateId,
    charactersOf: (sets, extra) => combineCharacters(sets, extra),
  };

  const scanReader: ScanReader = {
    async read(file, lookup, onProgress, signal) {
      const onRequest = (question: unknown) => {
        const { templateId, page } = question as { templateId: string; page: number };
        return lookup(templateId, page);
      };
      // The bytes are moved to the worker, not cloned: a 25 MB scan is not held twice (a job reads the picture
      // again on each attempt, so nobody reuses them). A view into a larger buffer is copied first, so only its own
      // bytes travel.
      const readOne = (picture: Uint8Array, filePage: number, progress: (fraction: number) => void) => {
        const { buffer, byteOffset, byteLength } = picture;
        const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
        const bytes = whole ? new Uint8Array(buffer) : picture.slice();
        return pool.run<ReadPage>(
          "readScan",
          { bytes, filePage },
          { transfer: [bytes.buffer], onProgress: progress, onRequest },
        );
      };
      if (file.mediaType !== "application/pdf") return [await readOne(file.bytes, 1, onProgress)];
      // pdftoppm runs from this thread (a child process with limits that this process kills on shutdown).
      const pictures = await rasterisePdf(
        file.bytes,
        { ...options.pdfLimits, maxPages: UPLOAD_LIMITS.pdfPages },
        signal,
      );
      // The pages are read side by side, as many at a time as the pool has workers: a user's PDF of a whole template
      // comes back as soon as its slowest page, while other users' tasks still find their place in the queue.
      const fractions = pictures.map(() => 0);
      const pages: ReadPage[] = [];
      let next = 0;
      const readNext = async (): Promise<void> => {
        while (next < pictures.length) {
          signal?.throwIfAborted();
          const index = next++;
          const progress = (fraction: number) => {
            fractions[index] = fraction;
            onProgress(fractions.reduce((sum, f) => sum + f, 0) / pictures.length);
          };
          try {
            pages[index] = await readOne(pictures[index]!, index + 1, progress);
          } catch (error) {
            // A page that cannot be decoded is that page's error; a crashed worker is the whole file's.
            const code = (error as { code?: unknown }).code;
            if (!(error instanceof WorkerTaskError) || PAGE_RETRYABLE.has(String(code))) throw error;
            pages[index] = { filePage: index + 1, read: null, error: { code: String(code), message: error.message } };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.workers, pictures.length) }, readNext));
      return pages;
    },
  };

  const fontBuilder: FontBuilder = {
    build(project) {
      return pool.run<BuiltFont>("compileFont", { project, specimenText: SPECIMEN_TEXT });
    },
  };

  const letterDrawings: LetterDrawings = {
    async prepare(documents) {
      try {
        // Contours are only serialised: quick on this thread. Pen strokes go through the union and curve fitting.
        if (!documents.some(isHeavy)) return prepareLetters(documents);
        return await pool.run<PreparedLetter[]>("prepareLetters", { documents });
      } catch (error) {
        throw letterDomainError(error);
      }
    },
  };

  return { templateMaker, scanReader, fontBuilder, letterDrawings, pool };
}
