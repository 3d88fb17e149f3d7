import { type Change, concatChanges } from "./change.ts";

/** One undoable step: what was done, what undoes it, and a label the interface can show ("Undo: move points"). */
export interface HistoryEntry {
  label: string;
  change: Change;
  inverse: Change;
  /** Milliseconds (the caller's clock) when the step was last extended. */
  at: number;
  /** Steps with the same key recorded within MERGE_WINDOW_MS become one (a run of arrow-key nudges). */
  mergeKey?: string;
}

/** Undo and redo stacks of one letter, oldest first; plain data, so it is stored as JSON and survives a reload. */
export interface History {
  undo: HistoryEntry[];
  redo: HistoryEntry[];
}

export const EMPTY_HISTORY: History = { undo: [], redo: [] };

/** Steps kept per letter; older ones are dropped so a long session's history stays small enough to store. */
export const HISTORY_LIMIT = 200;
export const MERGE_WINDOW_MS = 1000;

/** The history after a new step: it joins the previous step when both carry the same merge key, and redo is cleared. */
export function recordStep(history: History, entry: HistoryEntry, limit = HISTORY_LIMIT): History {
  const last = history.undo.at(-1);
  // Right after an undo the top step is not the one just done, so nothing merges into it.
  if (
    last &&
    history.redo.length === 0 &&
    entry.mergeKey !== undefined &&
    last.mergeKey === entry.mergeKey &&
    entry.at - last.at <= MERGE_WINDOW_MS
  ) {
    const merged: HistoryEntry = {
      ...last,
      change: concatChanges(last.change, entry.change),
      inverse: concatChanges(entry.inverse, last.inverse),
      at: entry.at,
    };
    return { undo: [...history.undo.slice(0, -1), merged], redo: [] };
  }
  const undo = [...history.undo, entry];
  return { undo: undo.length > limit ? undo.slice(undo.length - limit) : undo, redo: [] };
}

/** The step to undo (apply its `inverse`) and the history after it, or null when there is nothing to undo. */
export function undoStep(history: History): { entry: HistoryEntry; history: History } | null {
  const entry = history.undo.at(-1);
  if (!entry) return null;
  return { entry, history: { undo: history.undo.slice(0, -1), redo: [...history.redo, entry] } };
}

/** The step to redo (apply its `change`) and the history after it, or null when there is nothing to redo. */
export function redoStep(history: History): { entry: HistoryEntry; history: History } | null {
  const entry = history.redo.at(-1);
  if (!entry) return null;
  return { entry, history: { undo: [...history.undo, entry], redo: history.redo.slice(0, -1) } };
}
