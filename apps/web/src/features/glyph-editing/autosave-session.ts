import { FONT_LIMITS, LetterConflictBody, type LetterState } from "@handfont/contract";
import {
  applyConflicts,
  applySaved,
  editLocally,
  type History,
  isSettledLocally,
  keepMine,
  type LetterChange,
  type LetterSlot,
  type LocalLetter,
  letterKey,
  mergeOnOpen,
  pendingChanges,
  takeTheirs,
} from "@handfont/editor";
import type { GlyphDocument } from "@handfont/engine/fonts";
import { ApiError, TransportError } from "../../api/errors.ts";
import type { LetterStore } from "./letter-store.ts";

/**
 * What the autosave is doing: `saved` (the server has every edit), `pending` (edits kept on the device, waiting to be
 * sent), `saving`, `offline` (the server could not be reached; retried), `conflict` (a letter changed elsewhere and
 * waits for the user), `error` (the server refused a save for another reason; retried on the next edit).
 */
export type AutosaveStatus = "loading" | "saved" | "pending" | "saving" | "offline" | "conflict" | "error";

export interface AutosaveSnapshot {
  status: AutosaveStatus;
  /** The letters of the font as this device has them, by letter key. */
  letters: ReadonlyMap<string, LocalLetter>;
  /** The server's latest known state of each letter (its stored outline path included), by letter key. */
  server: ReadonlyMap<string, LetterState>;
  /** The last refusal, for the status line. */
  error: unknown;
}

export interface AutosaveOptions {
  owner: string;
  fontId: string;
  store: LetterStore;
  /** The letters changes call (workspaceApi.changeLetters). */
  send: (changes: LetterChange[]) => Promise<LetterState[]>;
  /** Quiet time after an edit before it is sent. */
  delayMs?: number;
  /** First wait before trying an unreachable server again (doubles up to a minute). */
  retryMs?: number;
}

const MAX_RETRY_MS = 60_000;

/** Whether the device needs to keep a letter: unsaved work, a conflict, or an undo history worth restoring. */
const worthKeeping = (letter: LocalLetter) =>
  letter.dirty || letter.conflict !== null || letter.history.undo.length + letter.history.redo.length > 0;

/**
 * The autosave of one font's letters, without React (the rules are @handfont/editor's letter-sync): every edit is
 * written to the device at once, then sent to the server with the revision it was made on, a few at a time. A stale
 * revision becomes a conflict the user settles (keep mine / take theirs); nothing is overwritten silently.
 */
export class AutosaveSession {
  private letters = new Map<string, LocalLetter>();
  private server = new Map<string, LetterState>();
  private status: AutosaveStatus = "loading";
  private error: unknown = null;
  private snapshotCache: AutosaveSnapshot | null = null;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving = false;
  private again = false;
  private retryMs: number;
  private writes: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly delayMs: number;
  private readonly options: AutosaveOptions;

  constructor(options: AutosaveOptions) {
    this.options = options;
    this.delayMs = options.delayMs ?? 800;
    this.retryMs = options.retryMs ?? 2000;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): AutosaveSnapshot => {
    this.snapshotCache ??= { status: this.status, letters: this.letters, server: this.server, error: this.error };
    return this.snapshotCache;
  };

  private emit(): void {
    this.snapshotCache = null;
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: AutosaveStatus, error: unknown = null): void {
    this.status = status;
    this.error = error;
    this.emit();
  }

  /** The status from the letters alone (when nothing is in flight or failing). */
  private restingStatus(): AutosaveStatus {
    const letters = [...this.letters.values()];
    if (letters.some((letter) => letter.conflict)) return "conflict";
    return pendingChanges(letters).length > 0 ? "pending" : "saved";
  }

  /** Opens the font: the server's letters merged with what the device kept; unsaved work is sent again. */
  async open(serverLetters: readonly LetterState[]): Promise<void> {
    const { owner, fontId, store } = this.options;
    const local = await store.load(owner, fontId).catch(() => []);
    this.server = new Map(serverLetters.map((letter) => [letterKey(letter), letter]));
    this.letters = mergeOnOpen(serverLetters, local);
    // Copies the device no longer needs (saved long ago, the server moved on) are dropped.
    const stale = local.map((letter) => letterKey(letter)).filter((key) => !this.letters.has(key));
    this.persist([...this.letters.keys()], stale);
    this.setStatus(this.restingStatus());
    if (this.status === "pending") this.schedule(0);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  /** Waits until the device copy of every edit so far is written. */
  flushLocal(): Promise<void> {
    return this.writes;
  }

  /** Records an edit of a letter: on the device at once, on the server shortly. */
  edit(slot: LetterSlot, document: GlyphDocument, history: History): void {
    const key = letterKey(slot);
    const letter = this.letters.get(key) ?? {
      chars: slot.chars,
      variant: slot.variant,
      baseRevision: null,
      document: null,
      dirty: false,
      history,
      conflict: null,
    };
    this.letters = new Map(this.letters).set(key, editLocally(letter, document, history));
    this.persist([key]);
    if (this.status !== "saving" && this.status !== "offline") this.status = this.restingStatus();
    this.emit();
    this.schedule(this.delayMs);
  }

  /** Settles a conflict by keeping this device's letter (sent again over the server's). */
  keepMine(key: string): void {
    const letter = this.letters.get(key);
    if (!letter?.conflict) return;
    this.letters = new Map(this.letters).set(key, keepMine(letter));
    this.persist([key]);
    this.setStatus(this.restingStatus());
    this.schedule(0);
  }

  /**
   * Settles a conflict by taking the server's letter; `document` and `history` are the editor's after it put the
   * server's document in as one undoable step.
   */
  takeTheirs(key: string, document: GlyphDocument | null, history: History): void {
    const letter = this.letters.get(key);
    if (!letter?.conflict) return;
    this.letters = new Map(this.letters).set(key, takeTheirs(letter, document, history));
    this.persist([key]);
    this.setStatus(this.restingStatus());
  }

  /** Sends pending edits now (the page is being left). */
  saveNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.save();
  }

  private schedule(delay: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, delay);
  }

  private persist(keys: readonly string[], removed: readonly string[] = []): void {
    const { owner, fontId, store } = this.options;
    const keep: LocalLetter[] = [];
    const drop = [...removed];
    for (const key of keys) {
      const letter = this.letters.get(key);
      if (letter && worthKeeping(letter)) keep.push(letter);
      else drop.push(key);
    }
    // Writes run one after another, so an older copy never lands after a newer one.
    this.writes = this.writes
      .then(() => store.put(owner, fontId, keep))
      .then(() => store.remove(owner, fontId, drop))
      .catch(() => undefined);
  }

  private async save(): Promise<void> {
    if (this.closed || this.status === "loading") return;
    if (this.saving) {
      this.again = true;
      return;
    }
    // Blank letters the server never had need nothing from it.
    for (const [key, letter] of this.letters) {
      if (isSettledLocally(letter)) this.letters.set(key, { ...letter, dirty: false });
    }
    const changes = pendingChanges(this.letters.values());
    if (changes.length === 0) {
      this.setStatus(this.restingStatus());
      return;
    }
    this.saving = true;
    this.setStatus("saving");
    try {
      for (let start = 0; start < changes.length; start += FONT_LIMITS.changesPerRequest) {
        const sent = changes.slice(start, start + FONT_LIMITS.changesPerRequest);
        const saved = await this.options.send(sent);
        this.letters = applySaved(this.letters, sent, saved);
        this.server = new Map(this.server);
        for (const change of sent) if (change.document === null) this.server.delete(letterKey(change));
        for (const state of saved) this.server.set(letterKey(state), state);
        this.persist(sent.map((change) => letterKey(change)));
      }
      this.retryMs = this.options.retryMs ?? 2000;
      this.saving = false;
      this.setStatus(this.restingStatus());
    } catch (error) {
      this.saving = false;
      this.handleFailure(error);
    }
    if (this.again || (this.status === "pending" && !this.timer)) {
      this.again = false;
      if (this.status === "pending") this.schedule(this.delayMs);
    }
  }

  private handleFailure(error: unknown): void {
    const conflict = error instanceof ApiError ? LetterConflictBody.safeParse(error.body) : null;
    if (conflict?.success) {
      this.letters = applyConflicts(this.letters, conflict.data.conflicts);
      this.server = new Map(this.server);
      for (const entry of conflict.data.conflicts) {
        if (entry.current) this.server.set(letterKey(entry.current), entry.current);
        else this.server.delete(letterKey(entry));
      }
      this.persist(conflict.data.conflicts.map((entry) => letterKey(entry)));
      // The request was all or nothing: the other letters go again without the conflicting ones.
      this.setStatus("conflict");
      if (pendingChanges(this.letters.values()).length > 0) this.schedule(0);
      return;
    }
    if (error instanceof TransportError || (error instanceof ApiError && error.status >= 500)) {
      this.setStatus("offline", error);
      this.schedule(this.retryMs);
      this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
      return;
    }
    this.setStatus("error", error);
  }
}
