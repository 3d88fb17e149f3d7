import type { ScanStatus } from "@handfont/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { workspaceApi } from "./workspace-api.ts";

/** A file on its way to the server: bytes sent so far, or why the server refused it (it then has no scan). */
export type Sending = { key: string; fileName: string; uploaded: number; error: unknown };

/** The user's uploads as the server keeps them; shared by every page with an upload panel. */
export const SCANS_QUERY = ["scans"] as const;
const POLL_MS = 1000;

const running = (scan: ScanStatus) => scan.status === "queued" || scan.status === "reading";

/**
 * The upload list: files being sent from this page, then the user's scans as the server reports them, so uploads
 * started before a reload or on another page are followed too (polled while any is waiting or being read).
 * `onRead` runs once for each scan seen running that has finished.
 */
export function useScanUploads(onRead: (scan: ScanStatus) => void) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Sending[]>([]);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  const seenRunning = useRef(new Set<string>());
  const scans = useQuery({
    queryKey: SCANS_QUERY,
    queryFn: workspaceApi.scans,
    refetchInterval: (query) => (query.state.data?.some(running) ? POLL_MS : false),
  });

  useEffect(() => {
    for (const scan of scans.data ?? []) {
      if (running(scan)) seenRunning.current.add(scan.id);
      else if (seenRunning.current.delete(scan.id)) onReadRef.current(scan);
    }
  }, [scans.data]);

  const patch = useCallback((key: string, change: Partial<Sending>) => {
    setSending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (files: File[]) => {
      const added = files.map((file, index) => ({
        key: `${Date.now()}-${index}-${file.name}`,
        fileName: file.name,
        uploaded: 0,
        error: null,
      }));
      setSending((list) => [...added, ...list]);
      // One request per file, so each has its own progress and a refused file does not take the others with it.
      for (const [index, file] of files.entries()) {
        const key = added[index]!.key;
        workspaceApi
          .uploadScans([file], (sent, total) => patch(key, { uploaded: total > 0 ? sent / total : 0 }))
          .then((created) => {
            for (const scan of created) seenRunning.current.add(scan.id);
            queryClient.setQueryData<ScanStatus[]>(SCANS_QUERY, (list = []) => [
              ...created,
              ...list.filter((scan) => !created.some((made) => made.id === scan.id)),
            ]);
            setSending((list) => list.filter((item) => item.key !== key));
            void queryClient.invalidateQueries({ queryKey: SCANS_QUERY });
          })
          .catch((error: unknown) => patch(key, { error }));
      }
    },
    [patch, queryClient],
  );

  /** Takes one upload off the list; one still waiting or being read is stopped (the server keeps no letters). */
  const remove = useCallback(
    async (scanId: string) => {
      await workspaceApi.removeScan(scanId);
      seenRunning.current.delete(scanId);
      queryClient.setQueryData<ScanStatus[]>(SCANS_QUERY, (list = []) => list.filter((scan) => scan.id !== scanId));
    },
    [queryClient],
  );

  /** Clears the finished uploads (and refused files) from the list; the letters read from them stay. */
  const clear = useCallback(async () => {
    setSending((list) => list.filter((item) => !item.error));
    await workspaceApi.clearScans();
    queryClient.setQueryData<ScanStatus[]>(SCANS_QUERY, (list = []) => list.filter(running));
  }, [queryClient]);

  const dismiss = useCallback((key: string) => {
    setSending((list) => list.filter((item) => item.key !== key));
  }, []);

  return { sending, scans, upload, remove, clear, dismiss };
}
