import { GlyphDocument as GlyphDocumentSchema } from "@handfont/contract";
import {
  applyConflicts,
  applySaved,
  EMPTY_HISTORY,
  editLocally,
  type History,
  keepMine,
  type LetterChange,
  type LetterSlot,
  type LocalLetter,
  letterKey,
  mergeOnOpen,
  pendingChanges,
  type ServerLetter,
  takeTheirs,
} from "@handfont/editor";
import { emptyGlyphDocument, type GlyphDocument } from "@handfont/engine/fonts";

/** What the server said to a save: the letters it wrote, or the current state of each letter that changed there. */
export type SendResult = { saved: ServerLetter[] } | { conflicts: (LetterSlot & { current: ServerLetter | null })[] };

/**
 * Where the letter stands: saved on the server; edited and waiting for the save; being saved; kept on this device
 * because the server could not be reached (retried); refused because it changed elsewhere (the user settles it);
 * or refused for another reason (`error` says why).
 */
export type SaveStatus = "saved" | "waiting" | "saving" | "offline" | "conflict" | "failed";

/** The device's copy of letters being edited (localStorage in the browser). */
export interface LetterStore {
  load(key: string): LocalLetter | null;
  save(key: string, letter: LocalLetter): void;
}

export interface AutosaveOptions {
  fontId: string;
  slot: LetterSlot;
  /** The letter as the server has it, or null when the font has no such letter yet. */
  server: ServerLetter | null;
  send: (changes: LetterChange[]) => Promise<SendResult>;
  store: LetterStore;
  /** Quiet time after an edit before it is sent. */
  delayMs?: number;
  /** Wait before sending again after the server could not be reached. */
  retryMs?: number;
}

const DEFAULT_DELAY_MS = 800;
const DEFAULT_RETRY_MS = 5000;

/** The key of a letter of a font in the device's store. */
export const storeKey = (fontId: string, slot: LetterSlot) => `handfont:letter:${fontId}:${letterKey(slot)}`;

/**
 * The autosave of one letter, following the editor package's rules (letter-sync.ts): every edit is kept on the device
 * at once, then sent with the revision it was made on after a quiet moment. A refusal because the letter changed
 * elsewhere becomes a conflict the user settles (keep mine / take theirs); nothing is overwritten silently.
 */
export class LetterAutosave {
  private local: LocalLetter;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private listeners = new Set<() => void>();
  private stopped = false;
  private readonly key: string;
  status: SaveStatus;
  error: unknown = null;

  private readonly options: AutosaveOptions;

  constructor(options: AutosaveOptions) {
    this.options = options;
    this.key = storeKey(options.fontId, options.slot);
    const stored = options.store.load(this.key);
    const merged = mergeOnOpen(options.server ? [options.server] : [], stored ? [stored] : []).get(
      letterKey(options.slot),
    );
    this.local = merged ?? {
      ...options.slot,
      baseRevision: null,
      document: emptyGlyphDocument({ kind: "drawn" }),
      dirty: false,
      history: EMPTY_HISTORY,
      conflict: null,
    };
    this.status = this.local.conflict ? "conflict" : this.local.dirty ? "waiting" : "saved";
  }

  /** Starts saving: edits left unsaved by a closed tab, a crash or a lost connection go out now. */
  start(): void {
    this.stopped = false;
    if (this.status === "waiting" || this.status === "offline") this.schedule(0);
  }

  /** The letter to edit: its document (null: deleted here) and its undo history. */
  get letter(): LocalLetter {
    return this.local;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(letter: LocalLetter, status: SaveStatus, error: unknown = null): void {
    this.local = letter;
    this.status = status;
    this.error = error;
    this.options.store.save(this.key, letter);
    for (const listener of this.listeners) listener();
  }

  /** An edit made in the editor: kept on the device now, sent after a quiet moment. */
  edited(document: GlyphDocument, history: History): void {
    const letter = editLocally(this.local, document, history);
    if (this.local.conflict) {
      this.update(letter, "conflict", this.error);
      return;
    }
    this.update(letter, this.inFlight ? "saving" : "waiting");
    this.schedule(this.options.delayMs ?? DEFAULT_DELAY_MS);
  }

  private schedule(delay: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Sends what is not saved yet now (leaving the letter, a button); resolves when the server has answered. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inFlight) await this.inFlight;
    const changes = pendingChanges([this.local]);
    if (changes.length === 0) {
      if (this.status === "waiting" || this.status === "saving") this.update({ ...this.local, dirty: false }, "saved");
      return;
    }
    this.inFlight = this.send(changes).finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  private async send(changes: LetterChange[]): Promise<void> {
    this.update(this.local, "saving");
    const key = letterKey(this.local);
    let result: SendResult;
    try {
      result = await this.options.send(changes);
    } catch (error) {
      const reachable = typeof (error as { status?: unknown }).status === "number";
      this.update(this.local, reachable ? "failed" : "offline", error);
      // An unreachable server is tried again; a refusal for another reason waits for the next edit.
      if (!reachable) this.schedule(this.options.retryMs ?? DEFAULT_RETRY_MS);
      return;
    }
    if ("conflicts" in result) {
      const next = applyConflicts(new Map([[key, this.local]]), result.conflicts).get(key)!;
      this.update(next, "conflict");
      return;
    }
    const next = applySaved(new Map([[key, this.local]]), changes, result.saved).get(key)!;
    this.update(next, next.dirty ? "waiting" : "saved");
    if (next.dirty) this.schedule(this.options.delayMs ?? DEFAULT_DELAY_MS);
  }

  /** Settles a conflict with this device's letter: it replaces the server's now. */
  keepMine(): Promise<void> {
    this.update(keepMine(this.local), "waiting");
    return this.flush();
  }

  /**
   * Settles a conflict with the server's letter. The editor has put `document` in as one undoable step (so the user
   * can step back to their version), and passes its document and history.
   */
  takeTheirs(document: GlyphDocument | null, history: History): void {
    this.update(takeTheirs(this.local, document, history), "saved");
  }

  /** The server's letter in a conflict, or null when there is none or it was deleted there. */
  get theirs(): ServerLetter | null {
    return this.local.conflict?.server ?? null;
  }

  /** Stops sending by itself (the letter was left); what is unsaved stays on the device for the next visit. */
  dispose(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The browser's store: one localStorage entry per letter; a full store keeps the letter without its history. */
export const browserLetterStore: LetterStore = {
  load(key) {
    try {
      const text = localStorage.getItem(key);
      if (!text) return null;
      const letter = JSON.parse(text) as LocalLetter;
      // A copy written by an older version of the page, or damaged, is not trusted with the user's letter.
      if (letter.document !== null && !GlyphDocumentSchema.safeParse(letter.document).success) return null;
      return letter;
    } catch {
      return null;
    }
  },
  save(key, letter) {
    try {
      localStorage.setItem(key, JSON.stringify(letter));
    } catch {
      try {
        localStorage.setItem(key, JSON.stringify({ ...letter, history: EMPTY_HISTORY }));
      } catch {
        // No room even for the letter: the server copy is what survives a reload.
      }
    }
  },
};
