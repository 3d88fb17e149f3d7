// What the reader knows of how a box's characters are written, to tell whose a piece of ink between two boxes is: a
// mark over a letter, or the low part of the character above (see followInk).
import { DOTTED_BASES } from "../font/accents.ts";
import { templateMark } from "../template/marks.ts";

/** Combining marks written under their letter (cedilla, ogonek, dots and lines below); the others stand over it. */
const MARK_BELOW = /[\u0316-\u0319\u031c-\u0333\u0339-\u033c\u0345\u0347-\u0349\u034d\u034e\u0353-\u0356\u0359\u035a]/u;
/** Overlays (a stroke through the letter) stand neither over nor under it. */
const OVERLAY = /[\u0334-\u0338]/u;

/**
 * Letters written with a dot over them that Unicode does not decompose (i, j and their Cyrillic forms, as the font
 * compiler knows them), and the inverted marks whose dot stands over their stroke.
 */
const DOTTED = new Set([...Object.keys(DOTTED_BASES), "¡", "¿"]);

/**
 * Characters whose written form hangs below the baseline, by their base letter: the descenders of Latin and Cyrillic
 * letters, and punctuation written low or reaching under the line.
 */
const HANGING = new Set([..."gjpqyдруфцщДЦЩ_,;()[]{}|/\\@$§"]);

/**
 * Whether the characters are written with something standing apart over them: an accent (é, ё, й), a dot (i, j), or
 * a template's mark box, whose ink is the mark itself.
 */
export function takesMarkAbove(chars: string): boolean {
  const mark = templateMark(chars);
  if (mark) return !mark.below;
  for (const char of chars) {
    if (DOTTED.has(char)) return true;
    for (const part of char.normalize("NFD")) {
      if (/\p{Mn}/u.test(part) && !MARK_BELOW.test(part) && !OVERLAY.test(part)) return true;
    }
  }
  return false;
}

/** Whether any of the characters is written hanging below the baseline (a descender, "_", ","). */
export function hangsBelow(chars: string): boolean {
  for (const char of chars) if (HANGING.has(char.normalize("NFD")[0]!)) return true;
  return false;
}
