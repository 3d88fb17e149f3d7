import type { LetterState } from "@handfont/contract";
import { useEffect, useState, useSyncExternalStore } from "react";
import { workspaceApi } from "../workspace/workspace-api.ts";
import { AutosaveSession, type AutosaveSnapshot } from "./autosave-session.ts";
import { defaultLetterStore, type LetterStore } from "./letter-store.ts";

const LOADING: AutosaveSnapshot = { status: "loading", letters: new Map(), server: new Map(), error: null };
const noSession = () => () => {};
const loadingSnapshot = () => LOADING;

let sharedStore: LetterStore | null = null;

/**
 * The autosave of a font's letters for an editor page: opens once the server's letters are there, sends what the
 * device kept when the connection returns or the tab is hidden, and re-renders on every change of its state.
 * `session` is null until the font is chosen and its letters loaded.
 */
export function useLetterAutosave(input: {
  owner: string | null;
  fontId: string | null;
  serverLetters: readonly LetterState[] | undefined;
  store?: LetterStore;
  send?: (fontId: string, changes: Parameters<typeof workspaceApi.changeLetters>[1]) => Promise<LetterState[]>;
  delayMs?: number;
}): { session: AutosaveSession | null; snapshot: AutosaveSnapshot } {
  const { owner, fontId, serverLetters, store, send, delayMs } = input;
  const ready = owner !== null && fontId !== null && serverLetters !== undefined;
  const [session, setSession] = useState<AutosaveSession | null>(null);

  // One session per font and owner, created when its letters arrive: the server's letters seed it once, later changes
  // come through the session itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: serverLetters, send and delayMs are read when the font opens.
  useEffect(() => {
    if (!ready) return;
    sharedStore ??= defaultLetterStore();
    const opened = new AutosaveSession({
      owner,
      fontId,
      store: store ?? sharedStore,
      send: (changes) => (send ?? workspaceApi.changeLetters)(fontId, changes),
      ...(delayMs !== undefined ? { delayMs } : {}),
    });
    setSession(opened);
    void opened.open(serverLetters);
    const online = () => void opened.saveNow();
    const hidden = () => {
      if (document.visibilityState === "hidden") void opened.saveNow();
    };
    window.addEventListener("online", online);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("online", online);
      document.removeEventListener("visibilitychange", hidden);
      void opened.saveNow().finally(() => opened.close());
      setSession(null);
    };
  }, [ready, owner, fontId, store]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSession,
    session?.snapshot ?? loadingSnapshot,
    loadingSnapshot,
  );
  return { session, snapshot };
}
