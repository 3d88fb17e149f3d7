import type { PDFFont, PDFPage, RGB } from "pdf-lib";
import type { Layout, LayoutCell } from "./layout-types.ts";
import { markPlaceholder, templateMark } from "./marks.ts";
import {
  DROPOUT_RGB,
  LABEL_INSET_MM,
  LABEL_RGB,
  LABEL_SIZE_EM,
  MARKER_CENTRE_RATIO,
  MARKER_HOLE_RATIO,
} from "./page-geometry.ts";

/**
 * Texts printed on every page, in the user's language, and the PDF's date: when the template was made. Without a
 * date the PDF carries none (rather than a made-up one), so a layout still renders to the same bytes.
 */
export type TemplateTexts = {
  name: string;
  instruction: string;
  date?: Date;
  /** How to write an accent mark, printed under the instruction on templates that have mark boxes. */
  markNote?: string;
};

const PT_PER_MM = 72 / 25.4;

/** The PDF libraries, loaded on first use: reading scans (a server worker's cold start) never needs them. */
async function loadPdfKit() {
  const [pdfLib, fontkit, labels, qr] = await Promise.all([
    import("pdf-lib"),
    import("@pdf-lib/fontkit"),
    import("./label-font-bytes.ts"),
    import("./qr-matrix.ts"),
  ]);
  const { rgb } = pdfLib;
  const toColour = ([r, g, b]: readonly [number, number, number]) => rgb(r / 255, g / 255, b / 255);
  return {
    ...pdfLib,
    fontkit: fontkit.default,
    ...labels,
    ...qr,
    black: rgb(0, 0, 0),
    white: rgb(1, 1, 1),
    dropout: toColour(DROPOUT_RGB),
    labelColour: toColour(LABEL_RGB),
  };
}

type PdfKit = Awaited<ReturnType<typeof loadPdfKit>>;

/** Renders a laid-out template as a vector PDF: markers, QR codes, boxes, guides and labels on every page. */
export async function renderTemplatePdf(layout: Layout, texts: TemplateTexts): Promise<Uint8Array> {
  const kit = await loadPdfKit();
  const { PDFDocument, fontkit, labelFontBytes, black } = kit;
  // pdf-lib would stamp the current time; the date is the template's own, so one template renders to the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  pdf.setTitle(texts.name);
  pdf.setCreator("Handfont");
  pdf.setProducer("Handfont");
  if (texts.date) {
    pdf.setCreationDate(texts.date);
    pdf.setModificationDate(texts.date);
  }
  const font = await pdf.embedFont(labelFontBytes(), { subset: true });
  const { widthMm, heightMm } = layout.paper;

  for (const { page: pageNumber, qcode } of layout.pages) {
    const page = pdf.addPage([widthMm * PT_PER_MM, heightMm * PT_PER_MM]);
    // pdf-lib measures from the bottom-left corner in points; the layout from the top-left in mm.
    const draw = drawer(kit, page, heightMm);
    for (const centre of layout.markers.centers) drawMarker(draw, kit, centre.x, centre.y, layout.markers.sizeMm);
    drawQr(draw, kit, qcode, layout.qr);
    drawHeader(draw, kit, font, texts, layout);
    const footer = `${layout.id} · ${pageNumber} / ${layout.pages.length}`;
    const footerSize = 3;
    draw.text(
      footer,
      widthMm / 2 - font.widthOfTextAtSize(footer, footerSize) / 2,
      heightMm - 9,
      footerSize,
      font,
      black,
    );
    for (const cell of layout.cells) if (cell.page === pageNumber) drawCell(draw, kit, font, cell, layout);
  }
  return pdf.save({ useObjectStreams: true });
}

type Drawer = ReturnType<typeof drawer>;

function drawer({ black, LineCapStyle }: PdfKit, page: PDFPage, heightMm: number) {
  const X = (mm: number) => mm * PT_PER_MM;
  const Y = (mm: number) => (heightMm - mm) * PT_PER_MM;
  return {
    rect(x: number, y: number, width: number, height: number, colour = black) {
      page.drawRectangle({ x: X(x), y: Y(y + height), width: X(width), height: X(height), color: colour });
    },
    outline(x: number, y: number, width: number, height: number, thickness: number, colour: RGB) {
      page.drawRectangle({
        x: X(x),
        y: Y(y + height),
        width: X(width),
        height: X(height),
        borderColor: colour,
        borderWidth: X(thickness),
      });
    },
    line(x1: number, y1: number, x2: number, y2: number, thickness: number, colour: RGB, dash?: number) {
      page.drawLine({
        start: { x: X(x1), y: Y(y1) },
        end: { x: X(x2), y: Y(y2) },
        thickness: X(thickness),
        color: colour,
        lineCap: LineCapStyle.Butt,
        ...(dash ? { dashArray: [X(dash), X(dash)] } : {}),
      });
    },
    dot(x: number, y: number, radius: number, colour: RGB) {
      page.drawCircle({ x: X(x), y: Y(y), size: X(radius), color: colour });
    },
    /** Draws text with its baseline at `baselineY`; `size` is the font size in mm. */
    text(text: string, x: number, baselineY: number, size: number, font: PDFFont, colour: RGB) {
      page.drawText(text, { x: X(x), y: Y(baselineY), size: X(size), font, color: colour });
    },
  };
}

function drawMarker(draw: Drawer, { black, white }: PdfKit, cx: number, cy: number, size: number) {
  const square = (side: number, colour: RGB) => draw.rect(cx - side / 2, cy - side / 2, side, side, colour);
  square(size, black);
  square(size * MARKER_HOLE_RATIO, white);
  square(size * MARKER_CENTRE_RATIO, black);
}

function drawQr(draw: Drawer, { qrMatrix }: PdfKit, text: string, box: Layout["qr"]) {
  const { size, modules } = qrMatrix(text);
  const module = box.width / size;
  for (let row = 0; row < size; row++) {
    // Runs of dark modules become one rectangle: fewer objects, and no hairline seams between modules.
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules[row * size + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        draw.rect(box.x + start * module, box.y + row * module, (col - start) * module, module);
        start = -1;
      }
    }
  }
}

function drawHeader(draw: Drawer, { black }: PdfKit, font: PDFFont, texts: TemplateTexts, layout: Layout) {
  const left = layout.markers.centers[0].x + layout.markers.sizeMm / 2 + 5;
  const room = layout.qr.x - 5 - left;
  const fit = (text: string, size: number) =>
    Math.min(size, (size * room) / Math.max(1e-6, font.widthOfTextAtSize(text, size)));
  draw.text(texts.name, left, 15, fit(texts.name, 6), font, black);
  draw.text(texts.instruction, left, 23, fit(texts.instruction, 3.4), font, black);
  if (texts.markNote && layout.cells.some((cell) => templateMark(cell.chars))) {
    draw.text(texts.markNote, left, 28.5, fit(texts.markNote, 2.8), font, black);
  }
}

function drawCell(draw: Drawer, kit: PdfKit, font: PDFFont, cell: LayoutCell, layout: Layout) {
  const { dropout, labelColour, printableLabel, LABEL_FONT_CAP_HEIGHT } = kit;
  const { box, baselineY, emMm } = cell;
  draw.outline(box.x, box.y, box.width, box.height, 0.2, dropout);
  if (layout.guides.printed) {
    const at = (units: number) => baselineY - (units / layout.unitsPerEm) * emMm;
    const across = (y: number, thickness: number, dash?: number) =>
      draw.line(box.x + 0.6, y, box.x + box.width - 0.6, y, thickness, dropout, dash);
    across(at(layout.guides.capHeight), 0.18);
    across(at(layout.guides.xHeight), 0.18, 1.2);
    across(baselineY, 0.32);
    across(at(layout.guides.descender), 0.18);
  }
  if (templateMark(cell.chars)) {
    // Printed whatever the guides setting: without a letter to stand on, a mark's place is anyone's guess.
    const { dots, dotRadius } = markPlaceholder();
    const mm = (units: number) => (units / layout.unitsPerEm) * emMm;
    for (const dot of dots) draw.dot(box.x + box.width / 2 + mm(dot.x), baselineY - mm(dot.y), mm(dotRadius), dropout);
  }
  const capHeight = LABEL_SIZE_EM * emMm;
  const size = capHeight / LABEL_FONT_CAP_HEIGHT;
  draw.text(
    printableLabel(cell.label),
    box.x + LABEL_INSET_MM,
    box.y + LABEL_INSET_MM + capHeight,
    size,
    font,
    labelColour,
  );
}
