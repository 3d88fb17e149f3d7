import type { GlyphDocument } from "@handfont/engine/fonts";
import type { History } from "../change/history.ts";
import { EMPTY_HISTORY } from "../change/history.ts";
import { type LetterSlot, letterKey } from "../letters/letter-slots.ts";

/**
 * The autosave's rules, without I/O (letters-api.md): a letter edited here is kept on the device first, then sent to
 * the server with the revision it was based on. The server refuses a stale revision with the current state, which is
 * shown as a conflict for the user to settle; nothing is overwritten silently.
 */

/** A letter as the server has it (the contract's LetterState has at least these fields). */
export interface ServerLetter extends LetterSlot {
  revision: number;
  document: GlyphDocument;
}

/** One letter as the editor keeps it on the device. */
export interface LocalLetter extends LetterSlot {
  /** The server revision this copy was based on; null when the server had no such letter. */
  baseRevision: number | null;
  /** The letter as edited here; null when it was deleted here. */
  document: GlyphDocument | null;
  /** Changed here and not yet saved on the server. */
  dirty: boolean;
  /** The letter's undo history, kept with it so it survives a reload. */
  history: History;
  /** Set when the server refused a save because the letter changed there: its current state (null: deleted). */
  conflict: { server: ServerLetter | null } | null;
}

/** One entry of the server's changes call. */
export interface LetterChange extends LetterSlot {
  baseRevision: number | null;
  document: GlyphDocument | null;
}

/** Whether a document has nothing drawn in it. */
export const isBlank = (glyph: GlyphDocument | null): boolean =>
  glyph === null || (glyph.contours.length === 0 && glyph.strokes.length === 0);

/** A local copy of what the server has, not edited here. */
export function fromServer(letter: ServerLetter): LocalLetter {
  return {
    chars: letter.chars,
    variant: letter.variant,
    baseRevision: letter.revision,
    document: letter.document,
    dirty: false,
    history: EMPTY_HISTORY,
    conflict: null,
  };
}

/**
 * The letters to work with after opening a font: the server's, except where the device holds edits not yet saved
 * (they stay, and a stale base revision will surface as a conflict on the next save). A clean local copy keeps its
 * undo history only while the server still has the revision that history was recorded on.
 */
export function mergeOnOpen(server: readonly ServerLetter[], local: readonly LocalLetter[]): Map<string, LocalLetter> {
  const merged = new Map<string, LocalLetter>();
  const localByKey = new Map(local.map((letter) => [letterKey(letter), letter]));
  for (const letter of server) {
    const key = letterKey(letter);
    const mine = localByKey.get(key);
    if (mine?.dirty || mine?.conflict) merged.set(key, mine);
    else if (mine && mine.baseRevision === letter.revision) merged.set(key, { ...mine, document: letter.document });
    else merged.set(key, fromServer(letter));
  }
  for (const [key, mine] of localByKey) {
    if (merged.has(key)) continue;
    // Edited here and never saved, or deleted on the server after this device saw it: only unsaved work is kept.
    if (mine.dirty || mine.conflict) merged.set(key, mine);
  }
  return merged;
}

/** The letter after an edit here. */
export function editLocally(letter: LocalLetter, glyph: GlyphDocument, history: History): LocalLetter {
  return { ...letter, document: glyph, history, dirty: true };
}

/**
 * The changes to send now: every edited letter without a conflict. A blank letter is a deletion, or nothing at all
 * when the server never had it.
 */
export function pendingChanges(letters: Iterable<LocalLetter>): LetterChange[] {
  const changes: LetterChange[] = [];
  for (const letter of letters) {
    if (!letter.dirty || letter.conflict) continue;
    const blank = isBlank(letter.document);
    if (blank && letter.baseRevision === null) continue;
    changes.push({
      chars: letter.chars,
      variant: letter.variant,
      baseRevision: letter.baseRevision,
      document: blank ? null : letter.document,
    });
  }
  return changes;
}

/** Letters that need nothing from the server: blank and never saved there. */
export const isSettledLocally = (letter: LocalLetter): boolean =>
  letter.dirty && !letter.conflict && isBlank(letter.document) && letter.baseRevision === null;

/**
 * The letters after the server accepted `sent`: each takes its new revision (a deleted one has none), and is clean
 * unless it was edited again while the save was on its way.
 */
export function applySaved(
  letters: ReadonlyMap<string, LocalLetter>,
  sent: readonly LetterChange[],
  saved: readonly ServerLetter[],
): Map<string, LocalLetter> {
  const next = new Map(letters);
  const savedByKey = new Map(saved.map((letter) => [letterKey(letter), letter]));
  for (const change of sent) {
    const key = letterKey(change);
    const letter = next.get(key);
    if (!letter) continue;
    const result = savedByKey.get(key);
    const unchanged = letter.document === change.document || (change.document === null && isBlank(letter.document));
    next.set(key, { ...letter, baseRevision: result ? result.revision : null, dirty: !unchanged });
  }
  return next;
}

/** The letters after the server refused a save: each conflicting letter records the server's state. */
export function applyConflicts(
  letters: ReadonlyMap<string, LocalLetter>,
  conflicts: readonly (LetterSlot & { current: ServerLetter | null })[],
): Map<string, LocalLetter> {
  const next = new Map(letters);
  for (const conflict of conflicts) {
    const key = letterKey(conflict);
    const letter = next.get(key);
    if (letter) next.set(key, { ...letter, conflict: { server: conflict.current } });
  }
  return next;
}

/** Settles a conflict by keeping this device's letter: it will replace the server's on the next save. */
export function keepMine(letter: LocalLetter): LocalLetter {
  const server = letter.conflict?.server ?? null;
  return { ...letter, baseRevision: server ? server.revision : null, dirty: true, conflict: null };
}

/**
 * Settles a conflict by taking the server's letter. The caller puts `document` into the editor as one undoable
 * step, so the user can still step back to their own version.
 */
export function takeTheirs(letter: LocalLetter, glyph: GlyphDocument | null, history: History): LocalLetter {
  const server = letter.conflict?.server ?? null;
  return {
    ...letter,
    baseRevision: server ? server.revision : null,
    document: glyph,
    history,
    dirty: false,
    conflict: null,
  };
}
