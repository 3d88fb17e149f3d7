import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { printableLabel } from "./label-font-bytes.ts";
import { layoutTemplate } from "./layout-template.ts";
import { markPlaceholder } from "./marks.ts";
import { renderTemplatePdf } from "./render-template-pdf.ts";

const texts = { name: "Мой почерк", instruction: "Пишите по одной букве в клетке." };

describe("renderTemplatePdf", () => {
  it("renders one PDF page per layout page at the paper size", async () => {
    const layout = layoutTemplate({ sets: ["latin", "ru"], variants: 2, paper: "letter" });
    const bytes = await renderTemplatePdf(layout, texts);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(layout.pages.length);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo((215.9 * 72) / 25.4, 1);
    expect(height).toBeCloseTo((279.4 * 72) / 25.4, 1);
    expect(bytes.length).toBeLessThan(120_000);
  });

  it("produces the same bytes for the same layout", async () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "SAME" });
    expect(await renderTemplatePdf(layout, texts)).toEqual(await renderTemplatePdf(layout, texts));
  });

  it("dates the PDF when the template was made, and leaves the date out when none is given", async () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "DATED" });
    const made = new Date("2026-03-14T09:26:53Z");
    const rendered = await renderTemplatePdf(layout, { ...texts, date: made });
    const dated = await PDFDocument.load(rendered, { updateMetadata: false });
    expect(dated.getCreationDate()?.toISOString()).toBe(made.toISOString());
    expect(dated.getModificationDate()?.toISOString()).toBe(made.toISOString());
    const undated = await PDFDocument.load(await renderTemplatePdf(layout, texts), { updateMetadata: false });
    expect(undated.getCreationDate()).toBeUndefined();
    expect(undated.getTitle()).toBe("Мой почерк");
  });

  it("prints characters the label font lacks as code points", () => {
    expect(printableLabel("ж 2")).toBe("ж 2");
    expect(printableLabel("中 2")).toBe("U+4E2D 2");
  });

  it("draws markers black and boxes in a light drop-out colour where the layout says", async () => {
    const layout = layoutTemplate({ sets: ["digits"], id: "PIXELS" });
    const dir = mkdtempSync(join(tmpdir(), "handfont-pdf-"));
    try {
      writeFileSync(join(dir, "t.pdf"), await renderTemplatePdf(layout, texts));
      execFileSync("pdftoppm", ["-r", "50", "-gray", "-singlefile", join(dir, "t.pdf"), join(dir, "t")]);
      const pgm = readFileSync(join(dir, "t.pgm"));
      const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 30).toString("latin1"))!;
      const width = Number(w);
      const data = pgm.subarray(pgm.length - width * Number(h));
      const at = (xMm: number, yMm: number) =>
        data[Math.round((yMm * 50) / 25.4) * width + Math.round((xMm * 50) / 25.4)]!;
      for (const centre of layout.markers.centers) expect(at(centre.x, centre.y)).toBeLessThan(60);
      const cell = layout.cells[0]!;
      const border = at(cell.box.x, cell.box.y + cell.box.height / 2);
      expect(border).toBeGreaterThan(120);
      expect(border).toBeLessThan(245);
      expect(at(cell.box.x + cell.box.width / 2, cell.box.y + cell.box.height - 1.2)).toBeGreaterThan(245);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints a mark box's dotted circle in the drop-out colour and the note on marks only where there are marks", async () => {
    const note = "Accents: write only the mark.";
    const dir = mkdtempSync(join(tmpdir(), "handfont-pdf-"));
    try {
      const marks = layoutTemplate({ sets: ["marks"], id: "MARKS" });
      writeFileSync(join(dir, "m.pdf"), await renderTemplatePdf(marks, { ...texts, markNote: note }));
      writeFileSync(
        join(dir, "d.pdf"),
        await renderTemplatePdf(layoutTemplate({ sets: ["digits"], id: "DIGITS" }), { ...texts, markNote: note }),
      );
      const text = (file: string) => execFileSync("pdftotext", [join(dir, file), "-"]).toString();
      expect(text("m.pdf").replace(/\s+/g, " ")).toContain(note);
      expect(text("d.pdf")).not.toContain("Accents");

      // A dot of the first mark box's circle.
      const cell = marks.cells[0]!;
      const mm = (units: number) => (units / 1000) * cell.emMm;
      const first = markPlaceholder().dots[0]!;
      const dot = { x: cell.box.x + cell.box.width / 2 + mm(first.x), y: cell.baselineY - mm(first.y) };
      const dpi = 600;
      const px = (value: number) => Math.round((value * dpi) / 25.4);
      execFileSync("pdftoppm", [
        ...["-r", String(dpi), "-gray", "-singlefile"],
        ...["-x", String(px(dot.x) - 20), "-y", String(px(dot.y) - 20), "-W", "41", "-H", "41"],
        join(dir, "m.pdf"),
        join(dir, "m"),
      ]);
      const pgm = readFileSync(join(dir, "m.pgm"));
      const data = pgm.subarray(pgm.length - 41 * 41);
      // Printed, but light enough to drop out when read (the guides' colour).
      expect(data[20 * 41 + 20]).toBeLessThan(240);
      expect(data[20 * 41 + 20]).toBeGreaterThan(120);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
