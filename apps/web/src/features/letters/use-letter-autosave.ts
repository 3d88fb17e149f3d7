import { type LetterChange, LetterConflictBody, type LetterState } from "@handfont/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/errors.ts";
import type { GlyphEdit } from "../workspace/GlyphTile.tsx";
import { workspaceApi } from "../workspace/workspace-api.ts";

export const letterKey = (letter: { chars: string; variant: number }) => `${letter.variant}\u0000${letter.chars}`;

/** How long the page waits after the last edit before saving: typing 1.25 in a number field is one save, not three. */
export const AUTOSAVE_DELAY_MS = 800;
const BACKUP_PREFIX = "handfont.letterEdits.";

export type AutosaveStatus = "idle" | "pending" | "saving" | "saved" | "error";

type Backup = Record<string, { edit: GlyphEdit; revision: number }>;

/** Puts the given states of letters into a cached list of a font's letters, in place of the old ones. */
export function mergeStates(list: LetterState[] | undefined, states: LetterState[]): LetterState[] | undefined {
  if (!list) return list;
  const byKey = new Map(states.map((state) => [letterKey(state), state]));
  return list.map((letter) => byKey.get(letterKey(letter)) ?? letter);
}

const sameAdjustments = (letter: LetterState, edit: GlyphEdit) =>
  letter.document.adjustments.scale === edit.scale && letter.document.adjustments.baselineShift === edit.baselineShift;

function readBackup(fontId: string): Backup {
  try {
    return JSON.parse(localStorage.getItem(BACKUP_PREFIX + fontId) ?? "{}") as Backup;
  } catch {
    return {};
  }
}

function writeBackup(fontId: string, backup: Backup) {
  try {
    if (Object.keys(backup).length === 0) localStorage.removeItem(BACKUP_PREFIX + fontId);
    else localStorage.setItem(BACKUP_PREFIX + fontId, JSON.stringify(backup));
  } catch {
    // Storage full or blocked: the edits are still saved by the next request, only a reload before it loses them.
  }
}

/**
 * Letter edits of one font (scale, baseline, delete) saved on their own through the changes API, so leaving or
 * reloading the page never loses them: a short pause after the last edit saves, leaving the page or hiding the tab
 * saves at once, and until the server has them they are also kept in this browser's storage and put back when the
 * font is opened again (on the revisions they were made on). Letters deleted here stay on the grid, so a deletion
 * can be taken back (the letter is written again). A letter changed elsewhere meanwhile (LETTER_CONFLICT) shows
 * its current state; the other edits are saved.
 */
export function useLetterAutosave(fontId: string | null, letters: LetterState[] | undefined, lettersKey: QueryKey) {
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Record<string, GlyphEdit>>({});
  // Letters deleted on the server by this page, kept so the grid still shows them and they can be restored.
  const [removed, setRemoved] = useState<Record<string, LetterState>>({});
  const [status, setStatus] = useState<AutosaveStatus>("idle");
  const [error, setError] = useState<unknown>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);
  const state = useRef({ edits, removed, letters, fontId, saving: false, mounted: true });
  const keyRef = useRef(lettersKey);
  // Updated after rendering, so the flush of a font being left still sees that font, its letters and its edits.
  useEffect(() => {
    state.current = { ...state.current, edits, removed, letters, fontId };
    keyRef.current = lettersKey;
  });

  // Another font opened: its own edits start empty (the previous font's were flushed on the way out).
  const [openFont, setOpenFont] = useState(fontId);
  if (openFont !== fontId) {
    setOpenFont(fontId);
    setEdits({});
    setRemoved({});
    setStatus("idle");
    setError(null);
    setConflicts([]);
  }
  const restoredFor = useRef<string | null>(null);

  // Edits kept in storage by an earlier visit that the server never got: put back those still on the same revision.
  useEffect(() => {
    if (!fontId || !letters || restoredFor.current === fontId) return;
    restoredFor.current = fontId;
    const byKey = new Map(letters.map((letter) => [letterKey(letter), letter]));
    const kept: Record<string, GlyphEdit> = {};
    for (const [key, entry] of Object.entries(readBackup(fontId))) {
      if (byKey.get(key)?.revision === entry.revision) kept[key] = entry.edit;
    }
    if (Object.keys(kept).length > 0) setEdits(kept);
    else writeBackup(fontId, {});
  }, [fontId, letters]);

  // The storage copy follows the unsaved edits.
  useEffect(() => {
    if (!fontId || restoredFor.current !== fontId) return;
    const byKey = new Map((letters ?? []).map((letter) => [letterKey(letter), letter]));
    const backup: Backup = {};
    for (const [key, edit] of Object.entries(edits)) {
      const letter = byKey.get(key);
      if (letter) backup[key] = { edit, revision: letter.revision };
    }
    writeBackup(fontId, backup);
  }, [fontId, edits, letters]);

  const save = useCallback(async () => {
    const current = state.current;
    const { fontId: font, letters: list } = current;
    if (!font || !list || current.saving) return;
    const sent = current.edits;
    const byKey = new Map(list.map((letter) => [letterKey(letter), letter]));
    const changes: LetterChange[] = [];
    const unchanged: string[] = [];
    for (const [key, edit] of Object.entries(sent)) {
      const stored = byKey.get(key);
      const gone = current.removed[key];
      if (stored && edit.deleted) {
        changes.push({ chars: stored.chars, variant: stored.variant, baseRevision: stored.revision, document: null });
      } else if (stored && !sameAdjustments(stored, edit)) {
        const adjustments = { scale: edit.scale, baselineShift: edit.baselineShift };
        changes.push({
          chars: stored.chars,
          variant: stored.variant,
          baseRevision: stored.revision,
          document: { ...stored.document, adjustments },
        });
      } else if (!stored && gone && !edit.deleted) {
        // Taking back a deletion writes the letter again, with the adjustments shown on its tile.
        const adjustments = { scale: edit.scale, baselineShift: edit.baselineShift };
        changes.push({
          chars: gone.chars,
          variant: gone.variant,
          baseRevision: null,
          document: { ...gone.document, adjustments },
        });
      } else {
        unchanged.push(key);
      }
    }
    const settle = (keys: string[]) => {
      if (!state.current.mounted) return;
      setEdits((all) => {
        const rest = { ...all };
        // An edit made while the request was out stays, to be saved next.
        for (const key of keys) if (rest[key] === sent[key]) delete rest[key];
        return rest;
      });
    };
    if (changes.length === 0) {
      settle(unchanged);
      return;
    }
    current.saving = true;
    if (current.mounted) setStatus("saving");
    try {
      const states = await workspaceApi.changeLetters(font, changes);
      const deletedKeys = new Set(changes.filter((change) => !change.document).map(letterKey));
      const written = new Map(states.map((letter) => [letterKey(letter), letter]));
      queryClient.setQueryData<LetterState[]>(keyRef.current, (old) => {
        if (!old) return old;
        const merged = mergeStates(old, states)!.filter((letter) => !deletedKeys.has(letterKey(letter)));
        const present = new Set(merged.map(letterKey));
        return [...merged, ...states.filter((letter) => !present.has(letterKey(letter)))];
      });
      if (state.current.mounted) {
        setRemoved((all) => {
          const next = { ...all };
          for (const key of deletedKeys) next[key] = byKey.get(key)!;
          for (const key of written.keys()) delete next[key];
          return next;
        });
        settle([...unchanged, ...changes.map(letterKey)]);
        setError(null);
        setStatus("saved");
      }
      void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"], exact: true });
    } catch (failure) {
      const conflict = failure instanceof ApiError ? LetterConflictBody.safeParse(failure.body) : null;
      if (conflict?.success) {
        // Changed elsewhere first: show the letters as they are now, drop this page's edits of them, save the rest.
        const current = conflict.data.conflicts.flatMap((entry) => (entry.current ? [entry.current] : []));
        const gone = new Set(conflict.data.conflicts.filter((entry) => !entry.current).map(letterKey));
        queryClient.setQueryData<LetterState[]>(keyRef.current, (old) =>
          mergeStates(old, current)?.filter((letter) => !gone.has(letterKey(letter))),
        );
        if (state.current.mounted) {
          setConflicts(conflict.data.conflicts.map((entry) => entry.chars));
          setEdits((all) => {
            const rest = { ...all };
            for (const entry of conflict.data.conflicts) delete rest[letterKey(entry)];
            return rest;
          });
          setStatus("pending");
        }
      } else if (state.current.mounted) {
        setError(failure);
        setStatus("error");
      }
    } finally {
      current.saving = false;
    }
  }, [queryClient]);

  // A pause after the last edit saves; an edit that arrives while a save is out waits for it and then saves.
  useEffect(() => {
    if (Object.keys(edits).length === 0 || status === "saving" || status === "error") return;
    setStatus((now) => (now === "pending" ? now : "pending"));
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [edits, status, save]);

  // Leaving the page (another route, another font, a hidden tab, a reload) saves what is waiting at once.
  useEffect(() => {
    const flush = () => {
      if (Object.keys(state.current.edits).length > 0) void save();
    };
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", flush);
    const font = fontId;
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", flush);
      // The page's state still describes the font being left here: effects update it only after this clean-up.
      if (state.current.fontId === font) flush();
    };
  }, [save, fontId]);

  useEffect(() => {
    state.current.mounted = true;
    return () => {
      state.current.mounted = false;
    };
  }, []);

  const edit = useCallback((letter: { chars: string; variant: number }, next: GlyphEdit) => {
    setError(null);
    setStatus((now) => (now === "error" ? "pending" : now));
    setEdits((all) => ({ ...all, [letterKey(letter)]: next }));
  }, []);

  // Where each letter first appeared in the list, so a deleted one stays in its place.
  const order = useRef(new Map<string, number>());
  /** The letters the grid shows: the font's, with those deleted here kept in their places. */
  const shown = useMemo(() => {
    const list = letters ?? [];
    for (const letter of list) {
      const key = `${fontId}\u0001${letterKey(letter)}`;
      if (!order.current.has(key)) order.current.set(key, order.current.size);
    }
    const present = new Set(list.map(letterKey));
    const extra = Object.entries(removed).filter(([key]) => !present.has(key));
    if (extra.length === 0) return list;
    const place = (letter: LetterState) =>
      order.current.get(`${fontId}\u0001${letterKey(letter)}`) ?? Number.MAX_SAFE_INTEGER;
    return [...list, ...extra.map(([, letter]) => letter)].sort((a, b) => place(a) - place(b));
  }, [fontId, letters, removed]);

  /** What a tile shows: the unsaved edit, a deletion saved here, or nothing (the stored letter). */
  const editOf = useCallback(
    (letter: { chars: string; variant: number }): GlyphEdit | undefined => {
      const key = letterKey(letter);
      const gone = removed[key];
      return edits[key] ?? (gone ? { ...gone.document.adjustments, deleted: true } : undefined);
    },
    [edits, removed],
  );

  const retry = useCallback(() => {
    setError(null);
    setStatus("pending");
    void save();
  }, [save]);

  return {
    shown,
    editOf,
    edit,
    status,
    error,
    conflicts,
    retry,
    unsaved: Object.keys(edits).length > 0,
  };
}
