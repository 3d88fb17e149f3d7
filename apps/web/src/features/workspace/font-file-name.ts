import type { FontFormat } from "@handfont/contract";

/** The download name of a font file, as the server names it (ASCII letters and digits). */
export function fontFileName(name: string, style: string, format: FontFormat): string {
  const ascii = (text: string) => text.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "");
  return `${ascii(name) || "Handfont"}-${ascii(style) || "Regular"}.${format}`;
}
