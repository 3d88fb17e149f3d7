import { describe, expect, it } from "vitest";
import type { Change } from "./change.ts";
import { EMPTY_HISTORY, type HistoryEntry, MERGE_WINDOW_MS, recordStep, redoStep, undoStep } from "./history.ts";

const change = (value: number): Change => ({ ops: [{ op: "set", path: ["v"], value }] });
const entry = (value: number, at: number, mergeKey?: string): HistoryEntry => ({
  label: "set",
  change: change(value),
  inverse: change(value - 1),
  at,
  ...(mergeKey ? { mergeKey } : {}),
});

describe("history", () => {
  it("undoes the latest step, redoes it, and forgets redo after a new step", () => {
    let history = recordStep(recordStep(EMPTY_HISTORY, entry(1, 0)), entry(2, 10));
    const undone = undoStep(history)!;
    expect(undone.entry.change).toEqual(change(2));
    history = undone.history;
    expect(history.redo).toHaveLength(1);
    const redone = redoStep(history)!;
    expect(redone.entry.change).toEqual(change(2));
    history = recordStep(undoStep(redone.history)!.history, entry(5, 20));
    expect(history.redo).toEqual([]);
    expect(history.undo.map((step) => step.change)).toEqual([change(1), change(5)]);
    expect(undoStep(EMPTY_HISTORY)).toBeNull();
    expect(redoStep(EMPTY_HISTORY)).toBeNull();
  });

  it("joins steps with the same merge key close in time into one, whose inverse undoes both", () => {
    let history = recordStep(EMPTY_HISTORY, entry(1, 0, "nudge"));
    history = recordStep(history, entry(2, MERGE_WINDOW_MS - 1, "nudge"));
    expect(history.undo).toHaveLength(1);
    expect(history.undo[0]!.change.ops).toEqual([...change(1).ops, ...change(2).ops]);
    expect(history.undo[0]!.inverse.ops).toEqual([...change(1).ops, ...change(0).ops]);
    history = recordStep(history, entry(3, 3 * MERGE_WINDOW_MS, "nudge"));
    expect(history.undo).toHaveLength(2);
  });

  it("keeps at most the limit of steps, dropping the oldest", () => {
    let history = EMPTY_HISTORY;
    for (let k = 1; k <= 5; k++) history = recordStep(history, entry(k, k * 10), 3);
    expect(history.undo.map((step) => step.change)).toEqual([change(3), change(4), change(5)]);
  });
});
