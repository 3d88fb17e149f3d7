import type { LetterChange, LetterState } from "@handfont/contract";
import { EMPTY_HISTORY, type History } from "@handfont/editor";
import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { describe, expect, it, vi } from "vitest";
import { ApiError, TransportError } from "../../api/errors.ts";
import { AutosaveSession } from "./autosave-session.ts";
import { memoryLetterStore } from "./letter-store.ts";

const stroke = (id: string, x: number): GlyphDocument => ({
  ...emptyGlyphDocument(),
  strokes: [
    {
      id,
      points: [
        { x, y: 0, pressure: 0.5, t: 0 },
        { x, y: 400, pressure: 0.5, t: 100 },
      ],
      pen: { size: 16, thinning: 0.5, smoothing: 0.5, streamline: 0.5, simulatePressure: true },
    },
  ],
});

const historyOf = (label: string): History => ({
  undo: [{ label, change: { ops: [] }, inverse: { ops: [] }, at: 1 }],
  redo: [],
});

const state = (chars: string, revision: number, document: GlyphDocument): LetterState => ({
  chars,
  variant: 1,
  revision,
  document,
  path: "M0 0L10 0L10 10Z",
  warnings: [],
  updatedAt: new Date(0).toISOString(),
});

/** A server that keeps revisions per letter and refuses stale ones, as the changes route does. */
function fakeServer(initial: LetterState[] = []) {
  const letters = new Map(initial.map((letter) => [letter.chars, letter]));
  const calls: LetterChange[][] = [];
  const send = vi.fn(async (changes: LetterChange[]) => {
    calls.push(changes);
    const stale = changes.filter((change) => (letters.get(change.chars)?.revision ?? null) !== change.baseRevision);
    if (stale.length > 0) {
      throw new ApiError(409, "LETTER_CONFLICT", "changed", {
        code: "LETTER_CONFLICT",
        message: "changed",
        conflicts: stale.map((change) => ({
          chars: change.chars,
          variant: 1,
          current: letters.get(change.chars) ?? null,
        })),
      });
    }
    const written: LetterState[] = [];
    for (const change of changes) {
      if (change.document === null) {
        letters.delete(change.chars);
        continue;
      }
      const next = state(change.chars, (letters.get(change.chars)?.revision ?? 0) + 1, change.document);
      letters.set(change.chars, next);
      written.push(next);
    }
    return written;
  });
  return { letters, calls, send };
}

describe("the editors' autosave", () => {
  it("keeps an edit on the device at once, then saves it on the server with the revision it was made on", async () => {
    const store = memoryLetterStore();
    const server = fakeServer();
    const session = new AutosaveSession({ owner: "u1", fontId: "f1", store, send: server.send, delayMs: 5 });
    await session.open([]);
    const drawn = stroke("s1", 100);
    session.edit({ chars: "a", variant: 1 }, drawn, historyOf("draw"));
    await session.flushLocal();
    const kept = await store.load("u1", "f1");
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ chars: "a", dirty: true, baseRevision: null, document: drawn });
    // Another account on the same browser sees nothing of it.
    expect(await store.load("u2", "f1")).toEqual([]);

    await vi.waitFor(() => expect(session.snapshot().status).toBe("saved"));
    expect(server.calls).toEqual([[{ chars: "a", variant: 1, baseRevision: null, document: drawn }]]);
    expect(session.snapshot().letters.get("1:a")).toMatchObject({ dirty: false, baseRevision: 1 });
    expect(session.snapshot().server.get("1:a")?.revision).toBe(1);

    session.edit({ chars: "a", variant: 1 }, stroke("s2", 200), historyOf("draw"));
    await vi.waitFor(() => expect(server.letters.get("a")?.revision).toBe(2));
    expect(server.calls[1]![0]!.baseRevision).toBe(1);
  });

  it("brings back unsaved edits and the undo history after a reload, and sends them", async () => {
    const store = memoryLetterStore();
    const offline = vi.fn(async () => {
      throw new TransportError("NETWORK_ERROR", "Network Error");
    });
    const first = new AutosaveSession({ owner: "u1", fontId: "f1", store, send: offline, delayMs: 1, retryMs: 60_000 });
    await first.open([]);
    const drawn = stroke("s1", 100);
    const history = historyOf("draw");
    first.edit({ chars: "b", variant: 1 }, drawn, history);
    await vi.waitFor(() => expect(first.snapshot().status).toBe("offline"));
    await first.flushLocal();
    first.close();

    const server = fakeServer();
    const second = new AutosaveSession({ owner: "u1", fontId: "f1", store, send: server.send, delayMs: 1 });
    await second.open([]);
    expect(second.snapshot().letters.get("1:b")).toMatchObject({ document: drawn, history, dirty: true });
    await vi.waitFor(() => expect(second.snapshot().status).toBe("saved"));
    expect(server.letters.get("b")?.document).toEqual(drawn);
  });

  it("shows a letter saved elsewhere as a conflict, saves the others, and overwrites only when the user keeps theirs", async () => {
    const theirs = stroke("s9", 300);
    const server = fakeServer([state("c", 1, stroke("s1", 0))]);
    const session = new AutosaveSession({
      owner: "u1",
      fontId: "f1",
      store: memoryLetterStore(),
      send: server.send,
      delayMs: 1,
    });
    await session.open([...server.letters.values()]);
    // Another tab saves "c" first.
    server.letters.set("c", state("c", 2, theirs));
    const mine = stroke("s2", 50);
    session.edit({ chars: "c", variant: 1 }, mine, historyOf("draw"));
    session.edit({ chars: "d", variant: 1 }, stroke("s1", 10), historyOf("draw"));

    await vi.waitFor(() => expect(server.letters.get("d")?.revision).toBe(1));
    expect(session.snapshot().status).toBe("conflict");
    expect(server.letters.get("c")?.document).toEqual(theirs);
    expect(session.snapshot().letters.get("1:c")?.conflict?.server?.revision).toBe(2);

    session.keepMine("1:c");
    await vi.waitFor(() => expect(server.letters.get("c")?.revision).toBe(3));
    expect(server.letters.get("c")?.document).toEqual(mine);
    expect(session.snapshot().status).toBe("saved");
  });

  it("takes the other version without sending anything when the user chooses theirs", async () => {
    const theirs = stroke("s9", 300);
    const server = fakeServer([state("e", 1, stroke("s1", 0))]);
    const session = new AutosaveSession({
      owner: "u1",
      fontId: "f1",
      store: memoryLetterStore(),
      send: server.send,
      delayMs: 1,
    });
    await session.open([...server.letters.values()]);
    server.letters.set("e", state("e", 2, theirs));
    session.edit({ chars: "e", variant: 1 }, stroke("s2", 50), historyOf("draw"));
    await vi.waitFor(() => expect(session.snapshot().status).toBe("conflict"));
    const calls = server.calls.length;
    session.takeTheirs("1:e", theirs, EMPTY_HISTORY);
    expect(session.snapshot().status).toBe("saved");
    expect(session.snapshot().letters.get("1:e")).toMatchObject({ document: theirs, baseRevision: 2, dirty: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls.length).toBe(calls);
  });
});
