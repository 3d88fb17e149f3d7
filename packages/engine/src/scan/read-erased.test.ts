import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import { captureFlatbed, capturePhone, renderFilledPage } from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { blanksReadWritten, lettersNotWhole, throughJpeg } from "../test-support/synthetic-scan.ts";
import { readScan } from "./read-scan.ts";

// A page filled in pencil where every box had a letter written and rubbed out first (FillOptions.erased): a third of
// the boxes were left with only that ghost, the rest have their letter written again over the ghost of another. No mark
// box: a ghost over its printed dots reads as deep as the dots and the ghost together (found and left, see the README).
const layout = layoutTemplate({ sets: [], chars: "AaBbgjly01:;?TЦЩ=ʼ", id: "ERASED", cellSize: "m" });
const cells = layout.cells.filter((cell) => cell.page === 1);
const page = renderFilledPage(layout, {
  page: 1,
  dpi: 300,
  hand: loadHandwritingFont("caveat"),
  seed: 5,
  blankRatio: 0.3,
  pencil: true,
  erased: 1,
});
const written = page.truth.flatMap((t, i) => (t.empty ? [] : [i]));
const ghostsOnly = page.truth.flatMap((t, i) => (t.empty ? [i] : []));
// An eraser leaves a fifth of a letter's graphite or less, and a letter written again is pressed about as hard as the
// first: its ghost lies at a fifth of its depth or less. Where the synthesizer drew a firm letter's ghost under a light
// one, the ghost's darkest grain may be as deep as half the letter, and nothing tells it from a stroke.
const overFaintGhosts = written.filter((i) => page.truth[i]!.ghostDepth! <= page.truth[i]!.inkDepth! / 5);

beforeAll(async () => {
  await initEngineForNode();
});

describe("a pencil page with erased letters", () => {
  it("has boxes holding only a ghost and letters written over one (the case set up)", () => {
    expect(ghostsOnly.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeGreaterThanOrEqual(8);
    expect(overFaintGhosts.length).toBeGreaterThanOrEqual(written.length / 2);
  });

  for (const [name, capture] of [
    ["scanned at 300 dpi", () => captureFlatbed(page, { seed: 5 })],
    ["photographed", () => capturePhone(page, layout.paper, { seed: 5 })],
  ] as const) {
    it(`${name}: reads each letter without a ghost as faint as an eraser leaves, and a box of a ghost alone empty`, async () => {
      const read = await readScan(await throughJpeg(capture()), () => layout);
      expect(lettersNotWhole(overFaintGhosts, page, read, cells)).toEqual([]);
      for (const i of written) {
        expect(read.cells[i]!.empty).toBe(false);
        expect(read.cells[i]!.warnings.map((w) => w.code)).not.toContain("ERASED_LETTER");
      }
      // A ghost too faint to stand out of the paper's grain reads blank with nothing to say; one that does is dropped
      // with a word to the user.
      expect(blanksReadWritten(page, read)).toEqual([]);
      const said = ghostsOnly.map((i) => read.cells[i]!.warnings.map((w) => w.code));
      for (const codes of said) expect(codes.filter((code) => code !== "ERASED_LETTER")).toEqual([]);
      expect(said.filter((codes) => codes.includes("ERASED_LETTER")).length).toBeGreaterThanOrEqual(1);
    }, 30_000);
  }
});
