import type { FontSettings } from "@handfont/contract";
import { useEffect, useRef, useState } from "react";
import type { PreviewLetter, PreviewResponse } from "./preview-project.ts";

/** Edits closer together than this compile once (a slider dragged through values, say). */
const DEBOUNCE_MS = 150;

/** The font a preview compiles: its names, the time it last changed (written into the font), its settings. */
export type PreviewFont = { family: string; style: string; updatedAt: string; settings: FontSettings };

/**
 * Compiles the given letters into an OTF in a web worker whenever they change (debounced), so the preview follows
 * edits without a server round trip. Returns the latest bytes, or null before the first compile or with no letters.
 */
export function useLivePreview(
  letters: PreviewLetter[],
  font: PreviewFont | null,
  debounceMs = DEBOUNCE_MS,
): ArrayBuffer | null {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);

  useEffect(() => {
    const instance = new Worker(new URL("./preview-worker.ts", import.meta.url), { type: "module" });
    instance.onmessage = (event: MessageEvent<PreviewResponse>) => {
      if (event.data.id === latest.current && event.data.bytes) setBytes(event.data.bytes);
    };
    worker.current = instance;
    return () => instance.terminate();
  }, []);

  useEffect(() => {
    if (letters.length === 0 || !font) {
      setBytes(null);
      return;
    }
    const timer = window.setTimeout(() => {
      latest.current += 1;
      worker.current?.postMessage({
        id: latest.current,
        family: font.family,
        style: font.style,
        timestamp: Math.floor(Date.parse(font.updatedAt) / 1000),
        letters,
        settings: font.settings,
      });
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [letters, font, debounceMs]);

  return bytes;
}
