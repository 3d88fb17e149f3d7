import fontkit from "@pdf-lib/fontkit";
import { LABEL_FONT_BASE64 } from "./label-font.ts";

let bytes: Uint8Array | undefined;
let coverage: ((codePoint: number) => boolean) | undefined;

/** The TrueType bytes of the label font (a DejaVu Sans subset covering Latin, Greek and Cyrillic). */
export function labelFontBytes(): Uint8Array {
  bytes ??= Uint8Array.from(atob(LABEL_FONT_BASE64), (ch) => ch.charCodeAt(0));
  return bytes;
}

/** Whether the label font can print every character of a text; others are printed as U+XXXX. */
export function labelFontCovers(text: string): boolean {
  if (!coverage) {
    const font = fontkit.create(labelFontBytes());
    coverage = (codePoint) => font.hasGlyphForCodePoint(codePoint);
  }
  for (const ch of text) if (!coverage(ch.codePointAt(0)!)) return false;
  return true;
}

/** The text printed for a label: the characters themselves when the font has them, else their code points. */
export function printableLabel(label: string): string {
  if (labelFontCovers(label)) return label;
  const [chars = "", variant] = label.split(" ");
  const codes = Array.from(chars, (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
  return variant ? `${codes.join(" ")} ${variant}` : codes.join(" ");
}
