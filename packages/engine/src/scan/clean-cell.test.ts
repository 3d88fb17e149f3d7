import { describe, expect, it } from "vitest";
import type { CellMask } from "./binarize-cell.ts";
import { cleanCell } from "./clean-cell.ts";

const pxPerMm = 8;

function mask(width: number, height: number, ink: (x: number, y: number) => boolean): CellMask {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = ink(x, y) ? 1 : 0;
  return { width, height, mask: data, margin: new Float32Array(width * height), threshold: 0.6, inkLevel: 0.2 };
}

const count = (data: Uint8Array) => data.reduce((sum, v) => sum + v, 0);
const codes = (result: { warnings: { code: string }[] }) => result.warnings.map((w) => w.code);

describe("cleanCell", () => {
  it("removes specks far smaller than the letter and says so, keeping the letter's own dot", () => {
    const letter = (x: number, y: number) => x >= 60 && x < 68 && y >= 40 && y < 110; // an "i" stem
    const dot = (x: number, y: number) => Math.hypot(x - 64, y - 30) < 4; // 0.8 mm² dot
    const speck = (x: number, y: number) => x >= 20 && x < 22 && y >= 20 && y < 22; // 0.06 mm²
    const noise = (x: number, y: number) => x === 120 && y === 120;
    const result = cleanCell(
      mask(148, 148, (x, y) => letter(x, y) || dot(x, y) || speck(x, y) || noise(x, y)),
      { pxPerMm },
    );
    expect(result.mask[21 * 148 + 21]).toBe(0);
    expect(result.mask[120 * 148 + 120]).toBe(0);
    expect(result.mask[30 * 148 + 64]).toBe(1);
    expect(codes(result)).toEqual(["SPECKS_REMOVED"]);
    expect(result.empty).toBe(false);
  });

  it("keeps every piece of a faint box's hairline, however small: its strokes were judged by their length", () => {
    // A 0.1 mm line read in a photo, broken where the cut near its middle lost it: a long piece, one of two pixels
    // (0.03 mm², 0.25 mm of the line) and one of a single pixel, along the same line.
    const line = (x: number, y: number) => y === 60 && ((x >= 20 && x < 80) || x === 83 || x === 84 || x === 88);
    const ordinary = cleanCell(mask(148, 148, line), { pxPerMm });
    expect(count(ordinary.mask)).toBe(60);
    const faint = cleanCell({ ...mask(148, 148, line), faint: true }, { pxPerMm });
    expect(count(faint.mask)).toBe(63);
    expect(codes(faint)).toEqual([]);
  });

  it("asks for the surroundings when ink runs off the cut, keeping it meanwhile", () => {
    const letter = (x: number, y: number) => x >= 60 && x < 70 && y >= 40 && y < 100;
    const stray = (x: number, y: number) => y >= 70 && y < 76 && x < 12; // enters 12 px from the left edge
    const alone = cleanCell(
      mask(148, 148, (x, y) => letter(x, y) || stray(x, y)),
      { pxPerMm },
    );
    expect(alone.needsContext).toBe(true);
    expect(count(alone.mask)).toBe(10 * 60 + 12 * 6);
  });

  it("reports a box with nothing but noise as empty", () => {
    const result = cleanCell(
      mask(148, 148, (x, y) => (x * 7 + y * 13) % 97 === 0),
      { pxPerMm },
    );
    expect(result.empty).toBe(true);
  });
});
