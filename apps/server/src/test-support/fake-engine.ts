import type { TemplateLayout } from "@handfont/contract";
import { DomainError } from "../http/domain-error.ts";
import type { FontBuilder, ScanReader, TemplateMaker, TemplateOptions } from "../ports/engine-ports.ts";

// Transitional: stands in for the engine until packages/engine is merged, then the real ports replace it.
const MEMBERS: Record<string, string> = {
  latin: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  digits: "0123456789",
  punctuation: ".,:;!?'\"()-",
  ru: "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
};

const charactersOf = (sets: readonly string[], extra: string) => [
  ...new Set([...sets.flatMap((set) => [...(MEMBERS[set] ?? "")]), ...extra]),
];

export const fakeTemplateMaker: TemplateMaker = {
  newTemplateId: () => Math.random().toString(36).slice(2, 14).toUpperCase(),
  decodeQcode(qcode) {
    const match = /^HF1:([A-Za-z0-9_-]{1,64}):(\d{1,4})$/.exec(qcode);
    return match ? { templateId: match[1]!, page: Number(match[2]) } : undefined;
  },
  charactersOf,
  layout(options: TemplateOptions): TemplateLayout {
    const items = [...charactersOf(options.sets, options.chars), ...options.ligatures].flatMap((chars) =>
      Array.from({ length: options.variants }, (_, i) => ({ chars, variant: i + 1 })),
    );
    if (items.length === 0) throw new DomainError("INVALID_TEMPLATE_OPTIONS", 400);
    const perPage = 80;
    const pageCount = Math.ceil(items.length / perPage);
    return {
      schemaVersion: 1,
      id: options.id,
      unitsPerEm: 1000,
      paper: { name: options.paper, widthMm: 210, heightMm: 297 },
      cellSize: options.cellSize,
      guides: { printed: options.guides, capHeight: 700, xHeight: 480, descender: -250 },
      markers: {
        centers: [
          { x: 12, y: 12 },
          { x: 198, y: 12 },
          { x: 198, y: 285 },
          { x: 12, y: 285 },
        ],
        sizeMm: 10,
      },
      qr: { x: 160, y: 8, width: 26, height: 26 },
      pages: Array.from({ length: pageCount }, (_, i) => ({ page: i + 1, qcode: `HF1:${options.id}:${i + 1}` })),
      cells: items.map((item, index) => ({
        page: Math.floor(index / perPage) + 1,
        chars: item.chars,
        variant: item.variant,
        box: { x: 20 + (index % 8) * 22, y: 40 + Math.floor((index % perPage) / 8) * 24, width: 21, height: 21 },
        baselineY: 55,
        emMm: 14,
        label: item.chars,
      })),
    };
  },
  async renderPdf(layout) {
    return new TextEncoder().encode(`%PDF-1.7 fake ${layout.id}`);
  },
};

/** Reads the qcode written as text into the test file ("HF1:<id>:<page>"), and draws a square in every cell. */
export const fakeScanReader: ScanReader = {
  async read(file, lookup, onProgress) {
    const text = new TextDecoder("latin1").decode(file.bytes);
    const codes = [...text.matchAll(/HF1:([A-Za-z0-9_-]{1,64}):(\d{1,4})/g)];
    if (text.includes("UNREADABLE")) throw Object.assign(new Error("bad"), { code: "IMAGE_UNREADABLE" });
    if (codes.length === 0) {
      return [{ filePage: 1, read: null, error: { code: "TEMPLATE_NOT_FOUND_ON_PAGE", message: "no template" } }];
    }
    const pages = [];
    for (const [index, code] of codes.entries()) {
      onProgress((index + 1) / codes.length);
      const page = Number(code[2]);
      const layout = await lookup(code[1]!, page);
      if (!layout) {
        pages.push({ filePage: index + 1, read: null, error: { code: "TEMPLATE_UNKNOWN", message: "unknown" } });
        continue;
      }
      const cells = layout.cells
        .filter((cell) => cell.page === page)
        .map((cell) => ({
          chars: cell.chars,
          variant: cell.variant,
          empty: false,
          path: "M0 0L400 0L400 600L0 600Z",
          warnings: cell.chars === "A" ? [{ code: "TOUCHES_BORDER", message: "touches" }] : [],
        }));
      pages.push({ filePage: index + 1, read: { templateId: layout.id, page, cells, warnings: [] }, error: null });
    }
    return pages;
  },
};

export const fakeFontBuilder: FontBuilder = {
  async build(project) {
    const bytes = new TextEncoder().encode(JSON.stringify({ family: project.family, glyphs: project.glyphs.length }));
    return {
      files: [
        { format: "otf", bytes },
        { format: "ttf", bytes },
        { format: "woff2", bytes },
      ],
      diagnostics: [],
      specimen: { bytes: new TextEncoder().encode("<svg/>"), mediaType: "image/svg+xml" },
    };
  },
};
