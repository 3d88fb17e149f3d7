import { EngineError } from "../errors.ts";
import { UNITS_PER_EM } from "../units.ts";
import { type CharacterSetId, combineCharacters, DEFAULT_CHARACTER_SETS, isCharacterSetId } from "./character-sets.ts";
import type { BoxMm, CellSizeName, Layout, LayoutCell, PaperName } from "./layout-types.ts";
import { cellLabel } from "./marks.ts";
import {
  BASELINE_FROM_TOP_EM,
  CELL_GAP_RATIO,
  CELL_HEIGHT_EM,
  CELL_HEIGHTS_MM,
  CONTENT_BOTTOM_MARGIN_MM,
  CONTENT_SIDE_MARGIN_MM,
  CONTENT_TOP_MM,
  GUIDE_CAP_HEIGHT,
  GUIDE_DESCENDER,
  GUIDE_X_HEIGHT,
  MARKER_INSET_MM,
  MARKER_SIZE_MM,
  PAPER_SIZES_MM,
  QR_MARKER_GAP_MM,
  QR_SIZE_MM,
  QR_TOP_MM,
} from "./page-geometry.ts";
import { isValidTemplateId, newTemplateId, qcode } from "./qr-payload.ts";

export type TemplateOptions = {
  /** Character sets from the catalogue; default Basic Latin, accent marks, digits and punctuation. */
  sets?: readonly CharacterSetId[];
  /** Any further characters the user typed. */
  chars?: string;
  /** Letter sequences written as one glyph, e.g. "ff", "th". */
  ligatures?: readonly string[];
  /** Copies of each character for randomized fonts, 1–15. */
  variants?: number;
  paper?: PaperName;
  cellSize?: CellSizeName;
  /** Print guide lines (baseline, x-height, cap height, descender); default true. */
  guides?: boolean;
  /** A template id chosen by the caller (e.g. the server); default a new random id. */
  id?: string;
};

export const MAX_VARIANTS = 15;

type Item = { chars: string; variant: number; span: number };

/** Lays out a template: which character goes in which box on which page, in page millimetres. */
export function layoutTemplate(options: TemplateOptions = {}): Layout {
  const sets = options.sets ?? DEFAULT_CHARACTER_SETS;
  const variants = options.variants ?? 1;
  const paperName = options.paper ?? "a4";
  const cellSize = options.cellSize ?? "m";
  const id = options.id ?? newTemplateId();
  const invalid = (message: string) => new EngineError("INVALID_TEMPLATE_OPTIONS", message);

  for (const set of sets) if (!isCharacterSetId(set)) throw invalid(`Unknown character set "${set}".`);
  if (!Number.isInteger(variants) || variants < 1 || variants > MAX_VARIANTS) {
    throw invalid(`Variants must be a whole number from 1 to ${MAX_VARIANTS}.`);
  }
  if (!(paperName in PAPER_SIZES_MM)) throw invalid(`Unknown paper "${paperName}".`);
  if (!(cellSize in CELL_HEIGHTS_MM)) throw invalid(`Unknown cell size "${cellSize}".`);
  if (!isValidTemplateId(id)) throw invalid("A template id may hold only letters, digits, _ and -, at most 64.");

  const characters = combineCharacters(sets, options.chars ?? "");
  const ligatures = normaliseLigatures(options.ligatures ?? []);
  if (characters.length + ligatures.length === 0) throw invalid("The template has no characters.");

  const paper = PAPER_SIZES_MM[paperName];
  const height = CELL_HEIGHTS_MM[cellSize];
  const gap = height * CELL_GAP_RATIO;
  const emMm = height / CELL_HEIGHT_EM;
  const columns = Math.floor((paper.widthMm - 2 * CONTENT_SIDE_MARGIN_MM + gap) / (height + gap));
  const rows = Math.floor((paper.heightMm - CONTENT_TOP_MM - CONTENT_BOTTOM_MARGIN_MM + gap) / (height + gap));
  const gridLeft = (paper.widthMm - (columns * height + (columns - 1) * gap)) / 2;

  const items: Item[] = [];
  for (const ch of characters) for (let v = 1; v <= variants; v++) items.push({ chars: ch, variant: v, span: 1 });
  for (const seq of ligatures) {
    const span = Math.min(columns, Array.from(seq).length <= 2 ? 2 : 3);
    for (let v = 1; v <= variants; v++) items.push({ chars: seq, variant: v, span });
  }

  const cells: LayoutCell[] = [];
  let page = 1;
  let row = 0;
  let column = 0;
  for (const item of items) {
    if (column + item.span > columns) {
      column = 0;
      row += 1;
    }
    if (row >= rows) {
      row = 0;
      page += 1;
    }
    const box: BoxMm = {
      x: round3(gridLeft + column * (height + gap)),
      y: round3(CONTENT_TOP_MM + row * (height + gap)),
      width: round3(item.span * height + (item.span - 1) * gap),
      height,
    };
    cells.push({
      page,
      chars: item.chars,
      variant: item.variant,
      box,
      baselineY: round3(box.y + BASELINE_FROM_TOP_EM * emMm),
      emMm: round3(emMm),
      label: variants > 1 ? `${cellLabel(item.chars)} ${item.variant}` : cellLabel(item.chars),
    });
    column += item.span;
  }

  const { widthMm, heightMm } = paper;
  return {
    schemaVersion: 1,
    id,
    unitsPerEm: UNITS_PER_EM,
    paper: { name: paperName, widthMm, heightMm },
    cellSize,
    guides: {
      printed: options.guides ?? true,
      capHeight: GUIDE_CAP_HEIGHT,
      xHeight: GUIDE_X_HEIGHT,
      descender: GUIDE_DESCENDER,
    },
    ...pageFrame(widthMm, heightMm),
    pages: Array.from({ length: page }, (_, i) => ({ page: i + 1, qcode: qcode(id, i + 1) })),
    cells,
  };
}

/**
 * Where a page of this size prints its corner markers and its QR code: the same on every template of that paper,
 * which lets a reader that cannot find the code look for it from the markers (see findQrCodeByMarkers).
 */
export function pageFrame(widthMm: number, heightMm: number): Pick<Layout, "markers" | "qr"> {
  const m = MARKER_INSET_MM;
  return {
    markers: {
      centers: [
        { x: m, y: m },
        { x: widthMm - m, y: m },
        { x: widthMm - m, y: heightMm - m },
        { x: m, y: heightMm - m },
      ],
      sizeMm: MARKER_SIZE_MM,
    },
    qr: {
      x: round3(widthMm - m - MARKER_SIZE_MM / 2 - QR_MARKER_GAP_MM - QR_SIZE_MM),
      y: QR_TOP_MM,
      width: QR_SIZE_MM,
      height: QR_SIZE_MM,
    },
  };
}

function normaliseLigatures(ligatures: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of ligatures) {
    const seq = raw.normalize("NFC").replace(/\s+/g, "");
    if (Array.from(seq).length < 2) {
      throw new EngineError("INVALID_TEMPLATE_OPTIONS", `A ligature needs at least two characters: "${raw}".`);
    }
    if (Array.from(seq).length > 4) {
      throw new EngineError("INVALID_TEMPLATE_OPTIONS", `A ligature may have at most four characters: "${raw}".`);
    }
    seen.add(seq);
  }
  return [...seen];
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
