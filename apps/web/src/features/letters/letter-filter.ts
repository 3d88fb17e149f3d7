import type { CharacterSetId } from "@handfont/contract";
import { CHARACTER_SETS, composableLetters } from "@handfont/engine/templates";

/** Which letters the grid shows. */
export type LetterFilter =
  | { kind: "all" }
  | { kind: "warnings" }
  | { kind: "missing" }
  | { kind: "set"; set: CharacterSetId }
  | { kind: "other" };

type Letter = { chars: string; variant: number; warnings: readonly unknown[] };

/**
 * One place in the grid: a letter of the font, a character of one of its sets that has no letter yet, or an accented
 * letter the font composes from a written base letter and mark (é from e and ´).
 */
export type GridEntry<L extends Letter> =
  | { kind: "letter"; letter: L }
  | { kind: "missing"; chars: string }
  | { kind: "composed"; chars: string; base: string; mark: string };

/** The character sets the font has begun: those with at least one of their characters among its letters. */
export function setsOf(letters: readonly Letter[]): CharacterSetId[] {
  const present = new Set(letters.map((letter) => letter.chars));
  return CHARACTER_SETS.filter((set) => set.members.some((member) => present.has(member))).map((set) => set.id);
}

const inAnySet = new Set(CHARACTER_SETS.flatMap((set) => set.members));

/** Whether some letters (ligatures, characters typed into a template) belong to no character set. */
export const hasOthers = (letters: readonly Letter[]) => letters.some((letter) => !inAnySet.has(letter.chars));

/**
 * The grid's entries for a filter. "Missing" lists the characters of the sets the font has begun that it has no
 * letter for and cannot compose; a set shows its characters in the set's order, the written ones with every variant,
 * the composed ones as composed and the others as missing. `composes` says whether the font builds accented letters
 * from marks (its compositeAccents setting).
 */
export function filterLetters<L extends Letter>(
  letters: readonly L[],
  filter: LetterFilter,
  composes = true,
): GridEntry<L>[] {
  const asEntries = (list: readonly L[]) => list.map((letter): GridEntry<L> => ({ kind: "letter", letter }));
  const present = () => new Set(letters.map((letter) => letter.chars));
  const composedOf = (drawn: ReadonlySet<string>) => (composes ? composableLetters(drawn) : new Map());
  switch (filter.kind) {
    case "all":
      return asEntries(letters);
    case "warnings":
      return asEntries(letters.filter((letter) => letter.warnings.length > 0));
    case "other":
      return asEntries(letters.filter((letter) => !inAnySet.has(letter.chars)));
    case "missing": {
      const drawn = present();
      const composed = composedOf(drawn);
      const begun = new Set(setsOf(letters));
      const missing = new Set<string>();
      for (const set of CHARACTER_SETS) {
        if (!begun.has(set.id)) continue;
        for (const member of set.members) if (!drawn.has(member) && !composed.has(member)) missing.add(member);
      }
      return [...missing].map((chars) => ({ kind: "missing", chars }));
    }
    case "set": {
      const members = CHARACTER_SETS.find((set) => set.id === filter.set)?.members ?? [];
      const byChars = new Map<string, L[]>();
      for (const letter of letters) byChars.set(letter.chars, [...(byChars.get(letter.chars) ?? []), letter]);
      const composed = composedOf(new Set(byChars.keys()));
      return members.flatMap((chars): GridEntry<L>[] => {
        const written = byChars.get(chars);
        if (written) return asEntries(written);
        const parts = composed.get(chars);
        return [parts ? { kind: "composed", chars, ...parts } : { kind: "missing", chars }];
      });
    }
  }
}

/** The first place in the entries for a character the user typed (its first variant, or its missing box). */
export function findCharacter<L extends Letter>(entries: readonly GridEntry<L>[], typed: string): number {
  const wanted = typed.trim().normalize("NFC");
  if (!wanted) return -1;
  return entries.findIndex((entry) => (entry.kind === "letter" ? entry.letter.chars : entry.chars) === wanted);
}
