import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScanImage } from "../scan/images.ts";
import type { BoxHelper } from "../scan/read-boxes.ts";
import { readScan, type ScanResult } from "../scan/read-scan.ts";
import { capturePhone, renderFilledPage } from "../synth/index.ts";
import { loadHandwritingFont } from "../synth/node/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { throughJpeg } from "../test-support/synthetic-scan.ts";
import { type BoxHelpers, createBoxHelpers } from "./box-helpers.ts";
import { initEngineForNode } from "./init-engine-node.ts";

// A pencil page photographed: its faint boxes are measured, the page decides how to read them, and boxes whose own
// strokes said otherwise are read again, so both readings of a box go through the helpers.
const layout = layoutTemplate({ sets: [], chars: "AaBbgy01?TЦЩ=", id: "HELPERS", cellSize: "m" });
const lookup = () => layout;
let scan: ScanImage;
let alone: ScanResult;
let threads: BoxHelpers;

beforeAll(async () => {
  await initEngineForNode();
  const hand = loadHandwritingFont("bad-script");
  const page = renderFilledPage(layout, { page: 1, dpi: 300, hand, seed: 7, blankRatio: 0.2, pencil: true });
  scan = await throughJpeg(capturePhone(page, layout.paper, { seed: 9 }));
  alone = await readScan(scan, lookup);
  threads = createBoxHelpers(1);
}, 120_000);

afterAll(() => threads.close());

/** What the test sees of a page's reading: boxes its helper read and was asked to read again, the shared counters. */
type Seen = { read: number; reread: number; counters?: Int32Array };

/** A helper as readScan sees it, counting the boxes it read and the boxes it was asked to read again. */
function watched(helper: BoxHelper, seen: Seen): BoxHelper {
  return {
    readFirst: (id, page, slot) => {
      seen.counters = page.counters;
      return helper.readFirst(id, page, slot).then((readings) => {
        seen.read += readings.size;
        return readings;
      });
    },
    finish: (id, reread, pictures) => {
      seen.reread += reread.size;
      return helper.finish(id, reread, pictures);
    },
  };
}

/**
 * Progress that, once this thread has read a box, holds it up until the helper has taken one (whatever the machine's
 * load), then does `then` (while the helper reads that box).
 */
function untilHelperTakesABox(seen: Seen, then?: () => void) {
  let done = false;
  return (fraction: number, stage: string) => {
    // The first report of the boxes comes before any is read; the next after this thread's first.
    if (done || stage !== "cells" || fraction <= 0.3 || !seen.counters) return;
    done = true;
    const taken = Atomics.load(seen.counters, 0);
    const waiting = new Int32Array(new SharedArrayBuffer(4));
    for (let ms = 0; ms < 20_000 && Atomics.load(seen.counters, 0) === taken; ms++) Atomics.wait(waiting, 0, 0, 1);
    then?.();
  };
}

/** Everything a page's reading says about its boxes, pictures included. */
const boxesOf = (result: ScanResult) => JSON.stringify([result.cells, result.warnings]);

describe("createBoxHelpers", () => {
  it("reads a page with a helper thread exactly as one thread does, both readings of a box and its picture", async () => {
    // The thread loads the engine as it starts; a first page lets it.
    await readScan(scan, lookup, { helpers: threads.helpers });
    const seen: Seen = { read: 0, reread: 0 };
    const helpers = [watched(threads.helpers[0]!, seen)];
    const result = await readScan(scan, lookup, { helpers, onProgress: untilHelperTakesABox(seen) });
    expect(seen.read).toBeGreaterThan(0);
    expect(seen.reread).toBeGreaterThan(0);
    expect(boxesOf(result)).toBe(boxesOf(alone));
    expect(result.cells.filter((c) => c.picture).length).toBe(result.cells.filter((c) => !c.empty).length);
  }, 120_000);

  it("reads the next page into the memory the last one gave back, and leaves what the last one read as it was", async () => {
    const first = await readScan(scan, lookup, { helpers: threads.helpers });
    const firstBoxes = boxesOf(first);
    // Another page in the same hand and layout, photographed at an angle: the same memory, other pixels.
    const hand = loadHandwritingFont("bad-script");
    const page = renderFilledPage(layout, { page: 1, dpi: 300, hand, seed: 8, blankRatio: 0.2, pencil: true });
    const other = await throughJpeg(capturePhone(page, layout.paper, { seed: 10, tiltDegrees: 12 }));
    const buffers: ArrayBufferLike[] = [];
    const seen: Seen = { read: 0, reread: 0 };
    const watchedHelper = watched(threads.helpers[0]!, seen);
    const helper: BoxHelper = {
      ...watchedHelper,
      readFirst: (id, boxes, slot) => {
        buffers.push(boxes.source.data.buffer);
        return watchedHelper.readFirst(id, boxes, slot);
      },
    };
    const second = await readScan(other, lookup, { helpers: [helper] });
    const third = await readScan(scan, lookup, { helpers: [helper] });
    expect(buffers[0]).toBe(buffers[1]);
    expect(boxesOf(first)).toBe(firstBoxes);
    expect(boxesOf(second)).toBe(boxesOf(await readScan(other, lookup)));
    expect(boxesOf(third)).toBe(boxesOf(alone));
  }, 120_000);

  it("reads on this thread the boxes a helper took when the helper's thread dies in the middle of the page", async () => {
    const dying = createBoxHelpers(1);
    try {
      await readScan(scan, lookup, { helpers: dying.helpers });
      const seen: Seen = { read: 0, reread: 0 };
      const helpers = [watched(dying.helpers[0]!, seen)];
      // The thread is stopped while it reads the first box it took: it never answers.
      const onProgress = untilHelperTakesABox(seen, () => void dying.close());
      const result = await readScan(scan, lookup, { helpers, onProgress });
      expect(seen.read).toBe(0);
      expect(boxesOf(result)).toBe(boxesOf(alone));
    } finally {
      await dying.close();
    }
  }, 120_000);

  it("reads on this thread the boxes a helper was to read again when it fails then", async () => {
    const seen: Seen = { read: 0, reread: 0 };
    const helper = threads.helpers[0]!;
    const failing: BoxHelper = {
      readFirst: watched(helper, seen).readFirst,
      finish: async (id) => {
        // The helper forgets the page, as a thread that died would have.
        await helper.finish(id, new Map(), false);
        throw new Error("the helper thread stopped");
      },
    };
    const result = await readScan(scan, lookup, { helpers: [failing], onProgress: untilHelperTakesABox(seen) });
    expect(seen.read).toBeGreaterThan(0);
    expect(boxesOf(result)).toBe(boxesOf(alone));
  }, 120_000);

  it("keeps the reading thread's process free to exit while the helpers are idle", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = [
      `import { createBoxHelpers } from ${JSON.stringify(new URL("./box-helpers.ts", import.meta.url).href)};`,
      "createBoxHelpers(1);",
      "setTimeout(() => {}, 10);",
    ].join("\n");
    // A helper that kept it alive would make this time out and throw.
    expect(() =>
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 20_000 }),
    ).not.toThrow();
  }, 30_000);
});
