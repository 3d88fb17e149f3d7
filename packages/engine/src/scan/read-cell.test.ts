import { beforeAll, describe, expect, it } from "vitest";
import { initEngineForNode } from "../node/init-engine-node.ts";
import type { CellMask } from "./binarize-cell.ts";
import { traceCell } from "./read-cell.ts";

beforeAll(() => initEngineForNode());

const pxPerMm = 8;
const size = 80;

/** A 0.1 mm line read a pixel wide, 7.5 mm long, and one pixel of it 0.6 mm past its end (a piece the cut left). */
function hairlineWithPiece(faint: boolean): CellMask {
  const mask = new Uint8Array(size * size);
  for (let x = 10; x < 70; x++) mask[40 * size + x] = 1;
  mask[40 * size + 75] = 1;
  // Below its level on ink, above it on paper: edges fall midway between pixels.
  const margin = Float32Array.from(mask, (ink) => (ink ? -0.1 : 0.1));
  return { width: size, height: size, mask, margin, threshold: 0.85, inkLevel: 0.8, ...(faint ? { faint } : {}) };
}

const contours = (path: string) => path.match(/M/gi)?.length ?? 0;

describe("traceCell", () => {
  it("traces every piece of a faint box's hairline, however small; a pen's box drops islands under a 0.2 mm dot", async () => {
    const faint = hairlineWithPiece(true);
    expect(contours((await traceCell(faint, faint.mask, pxPerMm)).traced.potracePath)).toBe(2);
    const ordinary = hairlineWithPiece(false);
    expect(contours((await traceCell(ordinary, ordinary.mask, pxPerMm)).traced.potracePath)).toBe(1);
  });
});
