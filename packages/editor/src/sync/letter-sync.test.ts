import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it } from "vitest";
import { EMPTY_HISTORY } from "../change/history.ts";
import { documentWith, squareContour } from "../test-support/gestures.ts";
import {
  applyConflicts,
  applySaved,
  editLocally,
  fromServer,
  keepMine,
  type LocalLetter,
  mergeOnOpen,
  pendingChanges,
  type ServerLetter,
  takeTheirs,
} from "./letter-sync.ts";

const drawn = (size: number): GlyphDocument => documentWith([squareContour(0, 0, size)]);
const server = (chars: string, revision: number, glyph = drawn(revision * 10)): ServerLetter => ({
  chars,
  variant: 1,
  revision,
  document: glyph,
});
const history = { undo: [{ label: "draw", change: { ops: [] }, inverse: { ops: [] }, at: 0 }], redo: [] };

describe("letter sync", () => {
  it("sends each edited letter with the revision it was based on; a new letter has none", () => {
    const a = editLocally(fromServer(server("a", 3)), drawn(99), history);
    const b: LocalLetter = { ...fromServer(server("b", 1)) };
    const c = editLocally({ ...fromServer(server("c", 1)), baseRevision: null }, drawn(5), history);
    expect(pendingChanges([a, b, c])).toEqual([
      { chars: "a", variant: 1, baseRevision: 3, document: drawn(99) },
      { chars: "c", variant: 1, baseRevision: null, document: drawn(5) },
    ]);
  });

  it("turns a letter emptied here into a deletion, and sends nothing for one the server never had", () => {
    const emptied = editLocally(fromServer(server("a", 2)), emptyGlyphDocument(), history);
    const neverSaved = editLocally(
      { ...fromServer(server("b", 1)), baseRevision: null },
      emptyGlyphDocument(),
      history,
    );
    expect(pendingChanges([emptied, neverSaved])).toEqual([
      { chars: "a", variant: 1, baseRevision: 2, document: null },
    ]);
  });

  it("takes the new revision after a save and stays dirty only if edited again meanwhile", () => {
    const a = editLocally(fromServer(server("a", 3)), drawn(40), history);
    const b = editLocally(fromServer(server("b", 1)), drawn(50), history);
    const letters = new Map([
      ["1:a", a],
      ["1:b", b],
    ]);
    const sent = pendingChanges(letters.values());
    // While the save travels, b is edited again.
    letters.set("1:b", editLocally(b, drawn(60), history));
    const after = applySaved(letters, sent, [server("a", 4, drawn(40)), server("b", 2, drawn(50))]);
    expect(after.get("1:a")).toMatchObject({ baseRevision: 4, dirty: false });
    expect(after.get("1:b")).toMatchObject({ baseRevision: 2, dirty: true });
    expect(pendingChanges(after.values())).toEqual([{ chars: "b", variant: 1, baseRevision: 2, document: drawn(60) }]);
  });

  it("shows a refused save as a conflict, holds that letter back, and settles it either way", () => {
    const mine = editLocally(fromServer(server("a", 3)), drawn(77), history);
    const theirs = server("a", 5, drawn(55));
    const letters = applyConflicts(new Map([["1:a", mine]]), [{ chars: "a", variant: 1, current: theirs }]);
    const conflicted = letters.get("1:a")!;
    expect(conflicted.conflict).toEqual({ server: theirs });
    expect(conflicted.document).toEqual(drawn(77));
    expect(pendingChanges(letters.values())).toEqual([]);

    expect(pendingChanges([keepMine(conflicted)])).toEqual([
      { chars: "a", variant: 1, baseRevision: 5, document: drawn(77) },
    ]);
    const taken = takeTheirs(conflicted, theirs.document, history);
    expect(taken).toMatchObject({ baseRevision: 5, dirty: false, conflict: null, document: drawn(55) });
  });

  it("on opening keeps unsaved work, keeps history while the server's revision is the one it was made on", () => {
    const unsaved = editLocally(fromServer(server("a", 3)), drawn(1), history);
    const clean = { ...fromServer(server("b", 2)), history };
    const stale = { ...fromServer(server("c", 1)), history };
    const newHere = editLocally({ ...fromServer(server("d", 1)), baseRevision: null }, drawn(3), history);
    const goneClean = fromServer(server("e", 1));
    const merged = mergeOnOpen(
      [server("a", 4), server("b", 2), server("c", 2)],
      [unsaved, clean, stale, newHere, goneClean],
    );
    expect(merged.get("1:a")).toEqual(unsaved);
    expect(merged.get("1:b")!.history).toEqual(history);
    expect(merged.get("1:c")).toMatchObject({ baseRevision: 2, history: EMPTY_HISTORY, document: drawn(20) });
    expect(merged.get("1:d")).toEqual(newHere);
    expect(merged.has("1:e")).toBe(false);
  });
});
