// A scanned PDF of a two-page template, read as the server reads an upload: poppler rasterises its pages, then the
// engine's workers (sized as main.ts sizes them) read them. Prints the time of each step, median of three, with CPU
// time and the load average. Run: npm run bench:pdf -w @handfont/server.
import { loadavg } from "node:os";
import type { TemplateLayout } from "@handfont/contract";
import { layoutTemplate } from "@handfont/engine";
import { PDFDocument } from "pdf-lib";
import { rasterisePdf } from "../src/scans/pdf-pages.ts";
import { syntheticScan } from "../src/test-support/synthetic-scan.ts";
import { mainSizedEngine } from "./main-sized-engine.ts";

const RUNS = 3;
const layout = layoutTemplate({ sets: ["digits", "latin", "punctuation"], id: "PDFBENCH" }) as TemplateLayout;
const pdf = await PDFDocument.create();
for (const { page } of layout.pages) {
  // A flatbed's 300 dpi picture filling an A4 page, as a scanner's PDF holds it.
  const picture = await pdf.embedJpg(await syntheticScan(layout, page, { seed: page, dpi: 300 }));
  pdf.addPage([595.28, 841.89]).drawImage(picture, { x: 0, y: 0, width: 595.28, height: 841.89 });
}
const bytes = await pdf.save();
const { workers, boxHelpers, pool, ports } = mainSizedEngine();
const lookup = async (templateId: string) => (templateId === layout.id ? layout : undefined);
const load = loadavg()[0]!.toFixed(2);

// One untimed read starts the workers and compiles their loops, as a running server's would be.
await ports.scanReader.read({ bytes, mediaType: "application/pdf" }, lookup, () => {});
const rasterise: number[] = [];
const read: number[] = [];
const cpu: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const cpu0 = process.cpuUsage();
  let started = performance.now();
  await rasterisePdf(bytes);
  rasterise.push(performance.now() - started);
  started = performance.now();
  const pages = await ports.scanReader.read({ bytes, mediaType: "application/pdf" }, lookup, () => {});
  read.push(performance.now() - started);
  const used = process.cpuUsage(cpu0);
  cpu.push((used.user + used.system) / 1000);
  if (pages.some((p) => !p.read)) throw new Error(`a page was not read: ${JSON.stringify(pages.map((p) => p.error))}`);
}
await pool.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(
  `A scanned PDF of ${layout.pages.length} pages (${(bytes.length / 1e6).toFixed(1)} MB), ${workers} engine worker(s) with ${boxHelpers} box helper(s) each; load average ${load}:`,
);
console.log("");
console.log("| step | median of 3 (wall) |");
console.log("| --- | --- |");
console.log(`| rasterise at 300 dpi (pdftoppm, every page) | ${median(rasterise).toFixed(0)} ms |`);
console.log(`| upload read end to end: rasterise + read every page on the workers | ${median(read).toFixed(0)} ms |`);
console.log(
  `| CPU time of this process (its threads; pdftoppm not included) for both | ${median(cpu).toFixed(0)} ms |`,
);
