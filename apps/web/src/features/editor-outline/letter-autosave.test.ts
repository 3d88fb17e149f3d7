import { EMPTY_HISTORY, type LetterChange, type LocalLetter } from "@handfont/editor";
import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, TransportError } from "../../api/errors.ts";
import { browserLetterStore, LetterAutosave, type LetterStore, type SendResult, storeKey } from "./letter-autosave.ts";

const slot = { chars: "A", variant: 1 };
const drawn = (x: number): GlyphDocument => ({
  ...emptyGlyphDocument({ kind: "drawn" }),
  contours: [
    {
      points: [
        { x, y: 0, on: true, type: "corner" },
        { x: x + 100, y: 0, on: true, type: "corner" },
        { x, y: 100, on: true, type: "corner" },
      ],
    },
  ],
});

function memoryStore(): LetterStore & { entries: Map<string, LocalLetter> } {
  const entries = new Map<string, LocalLetter>();
  return { entries, load: (key) => entries.get(key) ?? null, save: (key, letter) => entries.set(key, letter) };
}

const accepted = (changes: LetterChange[], revision: number): SendResult => ({
  saved: changes.map((change) => ({ ...change, revision, document: change.document! })),
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("letter autosave", () => {
  it("keeps an edit on the device at once and sends it after a quiet moment with the revision it was made on", async () => {
    const store = memoryStore();
    const send = vi.fn(async (changes: LetterChange[]) => accepted(changes, 3));
    const autosave = new LetterAutosave({
      fontId: "f",
      slot,
      server: { ...slot, revision: 2, document: drawn(0) },
      send,
      store,
      delayMs: 500,
    });
    autosave.start();
    autosave.edited(drawn(10), EMPTY_HISTORY);
    autosave.edited(drawn(20), EMPTY_HISTORY);
    expect(store.entries.get(storeKey("f", slot))).toMatchObject({ dirty: true, document: drawn(20) });
    expect(autosave.status).toBe("waiting");
    await vi.advanceTimersByTimeAsync(499);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual([{ ...slot, baseRevision: 2, document: drawn(20) }]);
    expect(autosave.status).toBe("saved");
    expect(autosave.letter).toMatchObject({ baseRevision: 3, dirty: false });
  });

  it("keeps the letter on the device while the server cannot be reached and sends it once it can", async () => {
    const store = memoryStore();
    const send = vi
      .fn<(changes: LetterChange[]) => Promise<SendResult>>()
      .mockRejectedValueOnce(new TransportError("NETWORK_ERROR", "Network Error"))
      .mockImplementation(async (changes) => accepted(changes, 1));
    const autosave = new LetterAutosave({ fontId: "f", slot, server: null, send, store, delayMs: 10, retryMs: 1000 });
    autosave.start();
    autosave.edited(drawn(5), EMPTY_HISTORY);
    await vi.advanceTimersByTimeAsync(10);
    expect(autosave.status).toBe("offline");
    expect(store.entries.get(storeKey("f", slot))).toMatchObject({ dirty: true, baseRevision: null });

    // A reload while offline finds the edit on the device and sends it when started.
    const reopened = new LetterAutosave({ fontId: "f", slot, server: null, send, store, delayMs: 10 });
    expect(reopened.letter.document).toEqual(drawn(5));
    reopened.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toEqual([{ ...slot, baseRevision: null, document: drawn(5) }]);
    expect(reopened.status).toBe("saved");
    autosave.dispose();
  });

  it("stops at a refusal other than a conflict and says why, without retrying", async () => {
    const refusal = new ApiError(413, "LETTER_TOO_LARGE", "This letter is too large.", null);
    const send = vi.fn(async (): Promise<SendResult> => Promise.reject(refusal));
    const autosave = new LetterAutosave({ fontId: "f", slot, server: null, send, store: memoryStore(), delayMs: 10 });
    autosave.start();
    autosave.edited(drawn(5), EMPTY_HISTORY);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(autosave.status).toBe("failed");
    expect(autosave.error).toBe(refusal);
  });

  it("does not trust a damaged copy on the device", () => {
    const key = storeKey("f", slot);
    const letter: LocalLetter = {
      ...slot,
      baseRevision: 1,
      document: drawn(5),
      dirty: true,
      history: EMPTY_HISTORY,
      conflict: null,
    };
    browserLetterStore.save(key, letter);
    expect(browserLetterStore.load(key)).toEqual(letter);
    localStorage.setItem(key, JSON.stringify({ ...letter, document: { contours: "nonsense" } }));
    expect(browserLetterStore.load(key)).toBeNull();
    localStorage.setItem(key, "{not json");
    expect(browserLetterStore.load(key)).toBeNull();
  });
});
