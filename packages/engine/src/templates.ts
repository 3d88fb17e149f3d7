// @handfont/engine/templates: template layout, character sets, QR payloads and the PDF, alone, so a browser bundle
// (the template builder's live preview) pulls none of the scan reader's wasm.

// Which accented letters a font composes from written letters and marks: pure data, light enough for a browser.
export { composableLetters } from "./font/accents.ts";
export {
  CHARACTER_SET_IDS,
  CHARACTER_SETS,
  type CharacterSet,
  type CharacterSetId,
  combineCharacters,
  DEFAULT_CHARACTER_SETS,
} from "./template/character-sets.ts";
export { layoutTemplate, MAX_VARIANTS, type TemplateOptions } from "./template/layout-template.ts";
export type {
  BoxMm,
  CellSizeName,
  Layout,
  LayoutCell,
  LayoutGuides,
  LayoutLookup,
  LayoutPage,
  PaperName,
  PointMm,
} from "./template/layout-types.ts";
export {
  cellLabel,
  type MarkKind,
  markPlaceholder,
  TEMPLATE_MARKS,
  type TemplateMark,
  templateMark,
} from "./template/marks.ts";
export { decodeQrPayload, isValidTemplateId, newTemplateId, type QrPayload, qcode } from "./template/qr-payload.ts";
export { renderTemplatePdf, type TemplateTexts } from "./template/render-template-pdf.ts";
