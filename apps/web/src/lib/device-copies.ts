/**
 * Copies of a user's letters kept on this device until the server has them: the editors' IndexedDB database and
 * the Letters page's backups in localStorage. Both are keyed by user or font, and both go when the user signs out
 * or deletes the account, so a shared computer keeps nothing of theirs (the privacy page promises it).
 */
export const EDITOR_DATABASE = "handfont-editor";
export const LETTER_EDITS_PREFIX = "handfont.letterEdits.";

export function forgetDeviceCopies(
  factory: Pick<IDBFactory, "deleteDatabase"> | undefined = globalThis.indexedDB,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  // An open editor closes its connection on the version change this causes (letter-store.ts), so it is not blocked.
  factory?.deleteDatabase(EDITOR_DATABASE);
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) if (key?.startsWith(LETTER_EDITS_PREFIX)) storage.removeItem(key);
}
