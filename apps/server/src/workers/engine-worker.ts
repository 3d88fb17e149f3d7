import { workerData } from "node:worker_threads";
import {
  compileFonts,
  isEngineError,
  type Layout,
  readScan,
  renderSpecimenPng,
  renderTemplatePdf,
  specimenText,
  type TemplateTexts,
} from "@handfont/engine";
import { createBoxHelpers, decodeImageFile, initEngineForNode, nodeWoff2Encoder } from "@handfont/engine/node";
import type { BuildProject, ReadPage } from "../ports/engine-ports.ts";
import { serveTasks, type TaskContext } from "../ports/worker-host.ts";
import { projectOfBuild } from "./build-project.ts";
import { prepareLetters } from "./prepare-letters.ts";

// The engine's CPU work, one task per message, in a worker thread (ports/engine-workers.ts runs the pool).

/** Threads that read a page's boxes alongside this one (started now: they load the engine while this one waits). */
const { helpers } = createBoxHelpers((workerData as { boxHelpers?: number } | null)?.boxHelpers ?? 0);

/** An error with a stable code (the engine's) as stored data; anything else is a bug. */
function coded(error: unknown): { code: string; message: string } | null {
  return isEngineError(error) ? { code: error.code, message: error.message } : null;
}

/** Reads one picture; `onProgress` gets the share of this picture done, stage by stage. */
async function readPicture(
  picture: Uint8Array,
  filePage: number,
  context: TaskContext,
  onProgress: (fraction: number) => void,
): Promise<ReadPage> {
  const image = await decodeImageFile(picture);
  try {
    const result = await readScan(
      image,
      async (templateId, page) => (await context.ask({ templateId, page })) as Layout | undefined,
      { onProgress, helpers },
    );
    return {
      filePage,
      read: {
        templateId: result.templateId,
        page: result.page,
        cells: result.cells.map((cell) => ({
          chars: cell.chars,
          variant: cell.variant,
          empty: cell.empty,
          path: cell.path,
          warnings: cell.warnings.map(({ code, message }) => ({ code, message })),
          picture: cell.picture ?? null,
        })),
        warnings: result.warnings.map(({ code, message }) => ({ code, message })),
      },
      error: null,
    };
  } catch (error) {
    const known = coded(error);
    if (!known) throw error;
    return { filePage, read: null, error: known };
  }
}

serveTasks({
  async renderPdf(payload: { layout: Layout; texts: TemplateTexts }) {
    const bytes = await renderTemplatePdf(payload.layout, payload.texts);
    return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
  },

  // One picture: a photo or scan, or a page of a PDF the calling process rasterised (it owns that child process).
  async readScan(payload: { bytes: Uint8Array; filePage: number }, context) {
    await initEngineForNode();
    // A single picture that cannot be decoded fails with the decoder's code.
    return { value: await readPicture(payload.bytes, payload.filePage, context, (f) => context.progress(f)) };
  },

  async prepareLetters(payload: { documents: unknown[] }) {
    return { value: prepareLetters(payload.documents) };
  },

  async compileFont(payload: { project: BuildProject; specimenText: string }) {
    const { fonts, diagnostics } = await compileFonts(projectOfBuild(payload.project), ["otf", "ttf", "woff2"], {
      woff2Encoder: nodeWoff2Encoder(),
      timestamp: payload.project.timestamp,
    });
    const files = (["otf", "ttf", "woff2"] as const).flatMap((format) =>
      fonts[format] ? [{ format, bytes: fonts[format] }] : [],
    );
    // The card shows the preferred text when the font has its letters, else a sample in the font's own script.
    const specimen = fonts.otf
      ? await specimenText(fonts.otf, payload.specimenText)
          .then((text) => renderSpecimenPng(fonts.otf!, text, { size: 64 }))
          .catch(() => null)
      : null;
    return {
      value: {
        files,
        diagnostics: diagnostics.map(({ code, message, severity, chars }) => ({ code, message, severity, chars })),
        specimen: specimen ? { bytes: specimen, mediaType: "image/png" } : null,
      },
      transfer: [
        ...new Set([...files.map((file) => file.bytes.buffer), ...(specimen ? [specimen.buffer] : [])]),
      ] as ArrayBuffer[],
    };
  },
});
