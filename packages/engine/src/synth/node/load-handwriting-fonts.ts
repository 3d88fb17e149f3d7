/// <reference path="../../types/opentype-js.d.ts" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype from "opentype.js";
import type { HandwritingFont } from "../handwriting.ts";

const require = createRequire(import.meta.url);

/** Open-licensed handwriting fonts from @fontsource (SIL OFL 1.1), each with Latin and Cyrillic files. */
export const HANDWRITING_FONTS = {
  caveat: { package: "@fontsource/caveat", subsets: ["latin", "latin-ext", "cyrillic", "cyrillic-ext"] },
  "marck-script": { package: "@fontsource/marck-script", subsets: ["latin", "latin-ext", "cyrillic"] },
  "bad-script": { package: "@fontsource/bad-script", subsets: ["latin", "latin-ext", "cyrillic", "cyrillic-ext"] },
  neucha: { package: "@fontsource/neucha", subsets: ["latin", "cyrillic"] },
} as const;

export type HandwritingFontName = keyof typeof HANDWRITING_FONTS;

/** Loads a handwriting font's WOFF files (weight 400) from node_modules and parses them with opentype.js. */
export function loadHandwritingFont(name: HandwritingFontName): HandwritingFont {
  const spec = HANDWRITING_FONTS[name];
  const fonts = spec.subsets.map((subset) => {
    const file = require.resolve(`${spec.package}/files/${name}-${subset}-400-normal.woff`);
    const bytes = readFileSync(file);
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
  return { name, fonts };
}
