// Makes the illustrations of the instructions and the blog with the product itself: a template page from the
// engine's PDF, a filled page "photographed" and read back, the letters it gave, and specimens of fonts compiled
// from them. Run by hand from the repository root after changing the engine or the texts' needs:
//   ./node_modules/.bin/node apps/web/scripts/content-images.ts
// It writes WebP files to apps/web/content/images/ (committed). Needs poppler's pdftoppm. The handwriting is
// rendered from open-licensed fonts (see apps/web/content/README.md), standing in for a person's hand.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  compileFont,
  type FontProject,
  fontProjectFromScan,
  type Layout,
  type LayoutCell,
  layoutTemplate,
  readScan,
  renderSpecimen,
  renderTemplatePdf,
  type ScanResult,
} from "@handfont/engine";
import { decodeImageFile, initEngineForNode } from "@handfont/engine/node";
import {
  captureFlatbed,
  capturePhone,
  DEFAULT_JITTER,
  type Jitter,
  renderFilledPage,
  type SyntheticPage,
} from "@handfont/engine/synth";
import { encodeCaptureJpeg, type HandwritingFontName, loadHandwritingFont } from "@handfont/engine/synth/node";
import sharp, { type OverlayOptions, type Sharp } from "sharp";

const OUT = fileURLToPath(new URL("../content/images/", import.meta.url));
const WEBP = { quality: 82, effort: 6 } as const;
const PAPER = "#fcfcf9";
const INK = [28, 34, 60] as [number, number, number];

type Rgba = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

const rawInput = (image: Rgba) =>
  sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });

async function save(name: string, image: Sharp, width?: number) {
  const resized = width ? image.resize({ width, withoutEnlargement: true }) : image;
  const bytes = await resized.webp(WEBP).toBuffer();
  writeFileSync(join(OUT, name), bytes);
  const { width: w, height: h } = await sharp(bytes).metadata();
  process.stdout.write(
    `${name.padEnd(28)} ${String(w).padStart(5)} × ${String(h).padEnd(5)} ${(bytes.length / 1024).toFixed(1)} KB\n`,
  );
}

/** Rasterises pages of a template PDF with pdftoppm, as the server does with uploaded PDFs. */
function pdfPagePng(pdf: Uint8Array, page: number, dpi: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "handfont-content-"));
  try {
    writeFileSync(join(dir, "t.pdf"), pdf);
    const args = ["-r", String(dpi), "-f", String(page), "-l", String(page), "-png", "-singlefile"];
    execFileSync("pdftoppm", [...args, join(dir, "t.pdf"), join(dir, "p")]);
    return readFileSync(join(dir, "p.png"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type ReadTemplate = { layout: Layout; pages: { filled: SyntheticPage; result: ScanResult }[] };

/** Fills every page of a layout in a synthetic hand, scans it at 300 dpi and reads it back with the engine. */
async function writeAndRead(
  layout: Layout,
  hand: HandwritingFontName,
  seed: number,
  jitter: Jitter = DEFAULT_JITTER,
): Promise<ReadTemplate> {
  const pages: ReadTemplate["pages"] = [];
  for (const { page } of layout.pages) {
    const filled = renderFilledPage(layout, {
      page,
      dpi: 300,
      hand: loadHandwritingFont(hand),
      seed: seed + page,
      jitter,
    });
    const scan = await decodeImageFile(await encodeCaptureJpeg(captureFlatbed(filled, { seed: seed + page })));
    pages.push({ filled, result: await readScan(scan, async () => layout) });
  }
  return { layout, pages };
}

function projectOf(read: ReadTemplate, family: string, settings: Partial<FontProject["settings"]> = {}): FontProject {
  const glyphs = read.pages.flatMap(({ result }) => result.cells);
  const project = fontProjectFromScan({ unitsPerEm: 1000, glyphs }, { family, designer: "Handfont illustrations" });
  return { ...project, settings: { ...project.settings, ...settings } };
}

async function specimen(project: FontProject, text: string, size: number) {
  const { bytes } = await compileFont(project, { format: "otf" });
  return rawInput(await renderSpecimen(bytes, text, { size, ink: INK, paper: [252, 252, 249] }));
}

/** Letter tiles as the Letters tab shows them: each read outline on its guides (baseline, x-height, cap height). */
function letterGridSvg(layout: Layout, result: ScanResult, chars: string[], columns: number): string {
  const tile = 150;
  const gap = 12;
  const { capHeight, xHeight, descender } = layout.guides;
  const tiles = chars.map((ch, index) => {
    const at = result.cells.findIndex((c) => c.chars === ch && !c.empty);
    if (at < 0) throw new Error(`no read letter for ${ch}`);
    const cell = result.cells[at]!;
    const box = layout.cells.find((c) => c.chars === ch && c.variant === cell.variant && c.page === result.page)!;
    const units = (mm: number) => (mm / box.emMm) * 1000;
    const width = units(box.box.width);
    const top = units(box.baselineY - box.box.y);
    const height = units(box.box.height);
    const x = (index % columns) * (tile + gap) + gap;
    const y = Math.floor(index / columns) * (tile + gap) + gap;
    const guide = (v: number, weight: number) =>
      `<line x1="0" x2="${width}" y1="${-v}" y2="${-v}" stroke="#6f98d8" stroke-width="${weight}"/>`;
    return `<g transform="translate(${x} ${y}) scale(${tile / width})">
<rect width="${width}" height="${height}" rx="24" fill="${PAPER}"/>
<g transform="translate(0 ${top})">${guide(capHeight, 7)}${guide(xHeight, 7)}${guide(0, 16)}${guide(descender, 7)}
<path d="${cell.path}" transform="scale(1 -1)" fill="rgb(${INK.join(",")})"/></g></g>`;
  });
  const rows = Math.ceil(chars.length / columns);
  const w = columns * (tile + gap) + gap;
  const h = rows * (tile + gap) + gap;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="#e9ebf0"/>${tiles.join("\n")}</svg>`;
}

/** Crops the boxes of some cells (with a margin) out of a page image at `pxPerMm`. */
function cropCells(cells: LayoutCell[], pxPerMm: number, marginMm = 3) {
  const left = Math.min(...cells.map((c) => c.box.x)) - marginMm;
  const top = Math.min(...cells.map((c) => c.box.y)) - marginMm;
  const right = Math.max(...cells.map((c) => c.box.x + c.box.width)) + marginMm;
  const bottom = Math.max(...cells.map((c) => c.box.y + c.box.height)) + marginMm;
  return {
    left: Math.round(left * pxPerMm),
    top: Math.round(top * pxPerMm),
    width: Math.round((right - left) * pxPerMm),
    height: Math.round((bottom - top) * pxPerMm),
  };
}

/** Stacks images vertically on paper with a thin rule between them. */
async function stack(parts: Sharp[]) {
  const buffers = await Promise.all(parts.map((part) => part.png().toBuffer()));
  const metas = await Promise.all(buffers.map((b) => sharp(b).metadata()));
  const width = Math.max(...metas.map((m) => m.width!));
  const rule = 4;
  const height = metas.reduce((sum, m) => sum + m.height!, 0) + rule * (parts.length - 1);
  let top = 0;
  const layers: OverlayOptions[] = [];
  buffers.forEach((input, index) => {
    layers.push({ input, top, left: 0 });
    top += metas[index]!.height!;
    if (index < buffers.length - 1) {
      layers.push({
        input: { create: { width, height: rule, channels: 4, background: "#c9cfdb" } },
        top,
        left: 0,
      });
      top += rule;
    }
  });
  return sharp({ create: { width, height, channels: 4, background: PAPER } }).composite(layers);
}

await initEngineForNode();

// 1. A real template page: the English ready-made template's first page, from the engine's own PDF.
const english = layoutTemplate({ sets: ["latin", "digits", "punctuation"], id: "HandfontEN" });
const englishPdf = await renderTemplatePdf(english, { name: "English", instruction: "Write one character per box." });
await save("template-page.webp", sharp(pdfPagePng(englishPdf, 1, 110)), 900);

// 2. The Ukrainian template's page with Ґ Є І Ї ʼ.
const ukrainian = layoutTemplate({ sets: ["ru", "uk", "digits", "punctuation", "quotes"], id: "HandfontUK" });
const ukrainianPdf = await renderTemplatePdf(ukrainian, {
  name: "Українська",
  instruction: "Пишіть по одному знаку в клітинці.",
});
const gePage = ukrainian.cells.find((cell) => cell.chars === "Ґ")!.page;
await save("template-page-uk.webp", sharp(pdfPagePng(ukrainianPdf, gePage, 110)), 900);

// 3–4. A filled page photographed with a phone (tilt, shadow, blur, JPEG) and the page as the reader rectified it.
const filled = renderFilledPage(english, { page: 1, dpi: 200, hand: loadHandwritingFont("caveat"), seed: 11 });
const photoJpeg = await encodeCaptureJpeg(
  capturePhone(filled, english.paper, { seed: 5, frameWidth: 2000, frameHeight: 1500 }),
);
await save("phone-photo.webp", sharp(photoJpeg).rotate(), 900);
const fromPhoto = await readScan(await decodeImageFile(photoJpeg), async () => english, { previewPxPerMm: 4 });
await save("rectified-page.webp", rawInput(fromPhoto.preview), 600);

// 5. The letters read from that photo, on their guides.
const gridChars = [..."ABGHMRagkpyz"];
await save("letter-grid.webp", sharp(Buffer.from(letterGridSvg(english, fromPhoto, gridChars, 6))), 984);

// 6. Guides in a box: a close-up of written boxes as printed and filled.
// The same seed writes the same letters at any resolution, so the close-up matches the photographed page.
const closeUpPage = renderFilledPage(english, { page: 1, dpi: 450, hand: loadHandwritingFont("caveat"), seed: 11 });
const closeUp = english.cells.filter((cell) => cell.page === 1 && ["g", "h", "i"].includes(cell.chars));
await save("cell-guides.webp", rawInput(closeUpPage).extract(cropCells(closeUp, 450 / 25.4)), 900);

// 7. A Latin specimen from a font compiled out of a read template.
const englishRead = await writeAndRead(english, "caveat", 21);
await save(
  "specimen-latin.webp",
  await specimen(projectOf(englishRead, "Caveat Hand"), "The quick brown fox jumps\nover the lazy dog. 1234567890", 72),
  1000,
);

// 8. A Cyrillic specimen (Russian and Ukrainian) from the Ukrainian template written in another hand.
const cyrillicRead = await writeAndRead(ukrainian, "bad-script", 31);
await save(
  "specimen-cyrillic.webp",
  await specimen(
    projectOf(cyrillicRead, "Bad Script Hand"),
    "Жебракують філософи при ґанку церкви\nв Гадячі, ще й шатро їхнє пʼяне знаємо.\nСъешь же ещё этих мягких французских\nбулок, да выпей чаю. «Ёлка», Є, Ї, Ґ",
    60,
  ),
  1100,
);

// 9. Variants: the same words from one font without and with its three forms per letter cycling (calt).
const varied: Jitter = { size: 0.18, slant: 0.3, baseline: 60, weight: 24, shift: 60 };
const variantLayout = layoutTemplate({ sets: [], chars: "abehlnost", variants: 3, id: "HandfontVAR" });
const variantRead = await writeAndRead(variantLayout, "caveat", 41, varied);
const variantText = "hello  aaaa  banana";
await save(
  "variants.webp",
  await stack([
    await specimen(projectOf(variantRead, "Variants Off", { randomize: false }), variantText, 110),
    await specimen(projectOf(variantRead, "Variants On"), variantText, 110),
  ]),
  1100,
);

// 10. Ligatures: boxes for "ff", "th" and "oo" on a filled template.
const ligatureLayout = layoutTemplate({ sets: [], chars: "fhot", ligatures: ["ff", "th", "oo"], id: "HandfontLIG" });
const ligaturePage = renderFilledPage(ligatureLayout, {
  page: 1,
  dpi: 200,
  hand: loadHandwritingFont("marck-script"),
  seed: 3,
});
const ligatureCells = ligatureLayout.cells.filter((cell) => cell.page === 1);
await save("ligature-boxes.webp", rawInput(ligaturePage).extract(cropCells(ligatureCells, 200 / 25.4)), 1000);

// 11. Accents built from a base letter and a written mark (composite accents).
const accentLayout = layoutTemplate({ sets: ["latin"], chars: ",´`ˆ¨˜¸", id: "HandfontACC" });
const accentRead = await writeAndRead(accentLayout, "caveat", 51);
await save(
  "accents.webp",
  await specimen(projectOf(accentRead, "Accent Hand"), "Café, naïve, señor, Müller,\ngarçon, à bientôt, perché", 72),
  1000,
);

// 12. A cursive hand kept as a font, for the post about a relative's handwriting.
const cursiveRead = await writeAndRead(english, "marck-script", 61);
await save(
  "specimen-cursive.webp",
  await specimen(
    projectOf(cursiveRead, "Marck Hand"),
    "Dear Anna,\nthe apple pie needs 3 eggs,\n200 g of flour and a lot of love.",
    64,
  ),
  1000,
);

// 13. A print-like hand for classroom sheets.
const printRead = await writeAndRead(english, "neucha", 71);
await save(
  "specimen-classroom.webp",
  await specimen(
    projectOf(printRead, "Neucha Hand"),
    "Homework for Monday:\nread pages 12 to 15 and\nwrite five new words.",
    64,
  ),
  1000,
);
