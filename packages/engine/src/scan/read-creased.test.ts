import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { captureFlatbed, curlPage, type SyntheticPage } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { blanksReadWritten, lettersNotWhole, throughJpeg, writeBenchPage } from "../test-support/synthetic-scan.ts";
import { readScan, type ScanResult } from "./read-scan.ts";

// A page written in pencil, folded in half and opened again, then scanned on a flatbed: the lid presses it flat, and
// the crease is left as a thin line of shade across boxes, gaps and margins, about as light as the lightest strokes.
// (The benchmark's page 2 of its "pencil, folded page, flatbed 300 dpi" row.)
const layout = layoutTemplate({
  sets: ["latin", "digits", "punctuation", "ru", "uk"],
  id: "FOLDPROBE",
  cellSize: "m",
});
const SEED = 3402;
const cells = layout.cells.filter((c) => c.page === 2);
let page: SyntheticPage;
let crease: { point: [number, number]; normal: [number, number] };
let result: ScanResult;
// A pencil page scanned through a sheet feeder with dust on its glass: a grey line down the whole scan, a pixel or two
// wide and taking 60 % of the light, through boxes, gaps and margins. (The benchmark's page 1 of its "pencil, dust
// streak, flatbed 300 dpi" row.)
const STREAK_SEED = 3701;
const streakCells = layout.cells.filter((c) => c.page === 1);
let streaked: SyntheticPage;
let streakMm: number;
let streakResult: ScanResult;

beforeAll(async () => {
  await initEngineForNode();
  page = writeBenchPage(layout, 2, SEED, true);
  const folded = curlPage(page, layout.paper, { seed: SEED, shape: "fold", displacementMm: 0 });
  crease = folded.crease!;
  result = await readScan(await throughJpeg(captureFlatbed(folded, { seed: SEED })), () => layout);
  streaked = writeBenchPage(layout, 1, STREAK_SEED, true);
  const scan = captureFlatbed(streaked, { seed: STREAK_SEED, streak: 0.6 });
  streakMm = (scan.streakColumn! * 25.4) / 300;
  streakResult = await readScan(await throughJpeg(scan), () => layout);
  // Rendering and reading two whole pages takes several seconds, more on a busy machine.
}, 240_000);

/** Whether the crease's line runs through a box. */
function crossed(box: { x: number; y: number; width: number; height: number }): boolean {
  const { point, normal } = crease;
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(([x, y]) => (x! - point[0]) * normal[0] + (y! - point[1]) * normal[1]);
  return Math.min(...corners) < 0 && Math.max(...corners) > 0;
}

describe("readScan on a flatbed scan of a pencil page folded and opened again", () => {
  it("reads the boxes the crease crosses blank where nothing was written, among them at least one", () => {
    const blankCrossed = cells.flatMap((cell, i) => (page.truth[i]!.empty && crossed(cell.box) ? [i] : []));
    expect(blankCrossed.length).toBeGreaterThan(0);
    for (const i of blankCrossed) expect(result.cells[i]!.empty, `box ${i}`).toBe(true);
    expect(blanksReadWritten(page, result)).toEqual([]);
  });

  it("reads the letters the crease crosses whole, with nothing of the crease on them", () => {
    const written = cells.flatMap((cell, i) => (!page.truth[i]!.empty && crossed(cell.box) ? [i] : []));
    expect(written.length).toBeGreaterThan(2);
    const lost = lettersNotWhole(written, page, result, cells);
    expect(lost, `not whole: ${lost.join(" ")}`).toEqual([]);
  });
});

describe("readScan on a pencil page scanned with a dust streak down it", () => {
  it("reads every letter the streak crosses whole, with nothing of the streak on them, and every blank box blank", () => {
    const crossed = streakCells.flatMap((cell, i) =>
      streakMm > cell.box.x && streakMm < cell.box.x + cell.box.width ? [i] : [],
    );
    const written = crossed.filter((i) => !streaked.truth[i]!.empty);
    expect(written.length).toBeGreaterThan(2);
    const lost = lettersNotWhole(written, streaked, streakResult, streakCells);
    expect(lost, `not whole: ${lost.join(" ")}`).toEqual([]);
    expect(blanksReadWritten(streaked, streakResult)).toEqual([]);
  });
});
