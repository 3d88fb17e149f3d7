import { type GlyphDocument, UPLOAD_LIMITS } from "@handfont/contract";
import { combineCharacters, decodeQrPayload, isEngineError, layoutTemplate, newTemplateId } from "@handfont/engine";
import { DomainError } from "../services/domain-error.ts";
import { prepareLetters } from "../workers/prepare-letters.ts";
import type {
  BuiltFont,
  FontBuilder,
  LetterDrawings,
  PreparedLetter,
  ScanReader,
  TemplateMaker,
} from "./engine-ports.ts";
import { createWorkerPool, type WorkerPool } from "./worker-pool.ts";

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
export function createEnginePorts(options: { workers: number; taskTimeoutMs?: number }): {
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
    read(file, lookup, onProgress) {
      // The bytes are moved to the worker, not cloned: a 25 MB scan is not held twice. A view into a larger buffer
      // is copied first, so only its own bytes travel.
      const { buffer, byteOffset, byteLength } = file.bytes;
      const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
      const bytes = whole ? new Uint8Array(buffer) : file.bytes.slice();
      return pool.run(
        "readScan",
        { bytes, mediaType: file.mediaType, maxPdfPages: UPLOAD_LIMITS.pdfPages },
        {
          transfer: [bytes.buffer],
          onProgress,
          onRequest: (question) => {
            const { templateId, page } = question as { templateId: string; page: number };
            return lookup(templateId, page);
          },
        },
      );
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
