import type { ScanStatus } from "@handfont/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { workspaceApi } from "./workspace-api.ts";

/** One file on its way: uploading (bytes sent), then reading on the server (the scan's own progress). */
export type UploadItem = {
  key: string;
  fileName: string;
  uploaded: number;
  scan: ScanStatus | null;
  error: unknown;
};

const POLL_MS = 700;

/**
 * Uploads files one request each (so each has its own upload progress), then polls every scan until it is read.
 * `onRead` runs once per scan that finished reading.
 */
export function useScanUploads(onRead: (scan: ScanStatus) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const mounted = useRef(true);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (mounted.current) setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const follow = useCallback(
    async (key: string, scan: ScanStatus) => {
      let current = scan;
      while (mounted.current && (current.status === "queued" || current.status === "reading")) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        current = await workspaceApi.scan(current.id);
        patch(key, { scan: current });
      }
      if (mounted.current) onReadRef.current(current);
    },
    [patch],
  );

  const upload = useCallback(
    (files: File[]) => {
      const added = files.map((file, index) => ({
        key: `${Date.now()}-${index}-${file.name}`,
        fileName: file.name,
        uploaded: 0,
        scan: null,
        error: null,
      }));
      setItems((list) => [...added, ...list]);
      for (const [index, file] of files.entries()) {
        const key = added[index]!.key;
        workspaceApi
          .uploadScans([file], (sent, total) => patch(key, { uploaded: total > 0 ? sent / total : 0 }))
          .then(async ([scan]) => {
            patch(key, { uploaded: 1, scan: scan ?? null });
            if (scan) await follow(key, scan);
          })
          .catch((error: unknown) => patch(key, { error }));
      }
    },
    [follow, patch],
  );

  return { items, upload };
}
