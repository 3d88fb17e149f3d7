import { type LocalLetter, letterKey } from "@handfont/editor";

/**
 * Where the editors keep letters on the device (the autosave's "local copy first"): each letter of a font with its
 * unsaved edits and its undo history, under the signed-in user, so two accounts on one browser never see each
 * other's work.
 */
export interface LetterStore {
  /** Every letter kept for this user's font. */
  load(owner: string, fontId: string): Promise<LocalLetter[]>;
  /** Keeps these letters (replacing earlier copies of the same letters). */
  put(owner: string, fontId: string, letters: readonly LocalLetter[]): Promise<void>;
  /** Forgets these letters (by letter key). */
  remove(owner: string, fontId: string, keys: readonly string[]): Promise<void>;
}

const DATABASE = "handfont-editor";
const LETTERS = "letters";

const recordKey = (owner: string, fontId: string, key: string) => `${owner}|${fontId}|${key}`;

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ("oncomplete" in request) {
      request.oncomplete = () => resolve();
      request.onerror = () => reject(request.error);
      request.onabort = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });

/** Letters in IndexedDB (no size limit worth speaking of, unlike localStorage's 5 MB that Glyphr ran into). */
export function indexedDbLetterStore(factory: IDBFactory = indexedDB): LetterStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(LETTERS);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  };
  return {
    async load(owner, fontId) {
      const db = await database();
      const prefix = recordKey(owner, fontId, "");
      const request = db
        .transaction(LETTERS, "readonly")
        .objectStore(LETTERS)
        .getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
      await done(request);
      return request.result as LocalLetter[];
    },
    async put(owner, fontId, letters) {
      if (letters.length === 0) return;
      const transaction = (await database()).transaction(LETTERS, "readwrite");
      const store = transaction.objectStore(LETTERS);
      for (const letter of letters) store.put(letter, recordKey(owner, fontId, letterKey(letter)));
      await done(transaction);
    },
    async remove(owner, fontId, keys) {
      if (keys.length === 0) return;
      const transaction = (await database()).transaction(LETTERS, "readwrite");
      const store = transaction.objectStore(LETTERS);
      for (const key of keys) store.delete(recordKey(owner, fontId, key));
      await done(transaction);
    },
  };
}

/**
 * Letters kept in memory only: for tests, and for browsers where IndexedDB is switched off (the work then lasts as
 * long as the page, and the server copy is the only one).
 */
export function memoryLetterStore(): LetterStore {
  const records = new Map<string, LocalLetter>();
  return {
    async load(owner, fontId) {
      const prefix = recordKey(owner, fontId, "");
      return [...records].filter(([key]) => key.startsWith(prefix)).map(([, letter]) => structuredClone(letter));
    },
    async put(owner, fontId, letters) {
      for (const letter of letters) records.set(recordKey(owner, fontId, letterKey(letter)), structuredClone(letter));
    },
    async remove(owner, fontId, keys) {
      for (const key of keys) records.delete(recordKey(owner, fontId, key));
    },
  };
}

/** The browser's store: IndexedDB when it can be used here, else memory. */
export function defaultLetterStore(): LetterStore {
  return typeof indexedDB === "undefined" ? memoryLetterStore() : indexedDbLetterStore();
}
