import type { LetterChange, LetterState } from "@handfont/contract";

/** One box of a page read again: the font's letter there now (if any) and the one just read. */
export type ReviewRow = { key: string; chars: string; variant: number; old: LetterState | null; next: LetterState };

export type Choice = "old" | "new";

const keyOf = (letter: { chars: string; variant: number }) => `${letter.variant}\u0000${letter.chars}`;

/** The letters a page gave: those of the letter set that came from this template page. */
export function lettersOfPage(setLetters: readonly LetterState[], templateId: string, page: number): LetterState[] {
  return setLetters.filter(
    (letter) =>
      letter.document.source.kind === "scan" &&
      letter.document.source.templateId === templateId &&
      letter.document.source.page === page,
  );
}

/** The boxes where the page read again would change the font: a new letter, or a different outline. */
export function reviewRows(fontLetters: readonly LetterState[], read: readonly LetterState[]): ReviewRow[] {
  const byKey = new Map(fontLetters.map((letter) => [keyOf(letter), letter]));
  return read.flatMap((next) => {
    const old = byKey.get(keyOf(next)) ?? null;
    if (old && old.path === next.path) return [];
    return [{ key: keyOf(next), chars: next.chars, variant: next.variant, old, next }];
  });
}

/**
 * What each box takes unless the user says otherwise: the new letter, except where the font's letter read
 * cleanly and the new one did not (more warnings: a blurred or low-resolution retake, a box drawn over).
 */
export function defaultChoice(row: ReviewRow): Choice {
  if (row.old && row.next.warnings.length > row.old.warnings.length) return "old";
  return "new";
}

/** The changes that put the chosen new letters into the font, on the revisions the review was made on. */
export function applyChanges(rows: readonly ReviewRow[], choices: Record<string, Choice>): LetterChange[] {
  return rows
    .filter((row) => choices[row.key] === "new")
    .map((row) => ({
      chars: row.chars,
      variant: row.variant,
      baseRevision: row.old?.revision ?? null,
      document: row.next.document,
    }));
}

/** The changes that take an applied review back: each letter as it was before, or gone if it was new. */
export function undoChanges(rows: readonly ReviewRow[], written: readonly LetterState[]): LetterChange[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return written.flatMap((state) => {
    const row = byKey.get(keyOf(state));
    if (!row) return [];
    return [
      { chars: state.chars, variant: state.variant, baseRevision: state.revision, document: row.old?.document ?? null },
    ];
  });
}
