import { compilePreview, newPreviewCaches, type PreviewRequest, type PreviewResponse } from "./preview-project.ts";

// Compiles the font being edited into an OTF off the main thread, reusing unchanged letters between edits.
const caches = newPreviewCaches();

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  const { id, ...request } = event.data;
  try {
    const bytes = compilePreview(request, caches);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    self.postMessage({ id, bytes: buffer } satisfies PreviewResponse, { transfer: [buffer] });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PreviewResponse);
  }
};
