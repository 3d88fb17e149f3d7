import { UPLOAD_LIMITS } from "@handfont/contract";
import {
  combineCharacters,
  DEFAULT_FONT_SETTINGS,
  decodeQrPayload,
  FONT_PROJECT_SCHEMA_VERSION,
  isEngineError,
  layoutTemplate,
  newTemplateId,
} from "@handfont/engine";
import { DomainError } from "../services/domain-error.ts";
import type { BuiltFont, FontBuilder, ScanReader, TemplateMaker } from "./engine-ports.ts";
import { createWorkerPool, type WorkerPool } from "./worker-pool.ts";

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
      // The worker gets its own copy, moved rather than cloned; the caller keeps its bytes.
      const bytes = file.bytes.slice();
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
      return pool.run<BuiltFont>("compileFont", {
        project: {
          schemaVersion: FONT_PROJECT_SCHEMA_VERSION,
          family: project.family,
          style: project.style,
          designer: project.designer,
          version: "1.000",
          licence: { kind: "all-rights-reserved" },
          weight: 400,
          glyphs: project.glyphs,
          settings: { ...DEFAULT_FONT_SETTINGS, ...project.settings },
        },
        specimenText: SPECIMEN_TEXT,
      });
    },
  };

  return { templateMaker, scanReader, fontBuilder, pool };
}
