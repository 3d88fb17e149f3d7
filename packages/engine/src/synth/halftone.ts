import type { Canvas, Rgb } from "./canvas.ts";

/** A monochrome laser printer's screen: 141 lines per inch at 45°, the usual screen of a 600 dpi office printer. */
const SCREEN_PERIOD_MM = 25.4 / 141;
const SCREEN_ANGLE = Math.PI / 4;
/** Samples a pixel each way: the dots are about a pixel across at 300 dpi, so a pixel is partly covered. */
const SAMPLES = 4;

/** The Euclidean spot function: 0 at a dot's centre, 1 midway between dots (u, v in radians of the screen). */
const spot = (u: number, v: number) => (2 - Math.cos(u) - Math.cos(v)) / 4;

/** Steps of SPOT_SHARE (which the spot values are looked up in). */
const STEPS = 1024;

/**
 * The share of a screen cell whose spot value lies below s (at s = k / STEPS): a sample is toner where that share is
 * below the colour's darkness, so a darkness d covers d of the paper.
 */
const SPOT_SHARE = (() => {
  const side = 256;
  const counts = new Uint32Array(STEPS + 1);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const value = spot((2 * Math.PI * (i + 0.5)) / side, (2 * Math.PI * (j + 0.5)) / side);
      counts[Math.min(STEPS, Math.floor(value * STEPS) + 1)]!++;
    }
  }
  const share = new Float32Array(STEPS + 1);
  for (let k = 1, seen = 0; k <= STEPS; k++) {
    seen += counts[k]!;
    share[k] = seen / (side * side);
  }
  return share;
})();

/**
 * Prints what is on `canvas` as a monochrome laser printer does: every colour becomes toner dots whose area is the
 * colour's darkness against the paper (clustered dots on a 45° screen). The template's light blue guides, borders
 * and labels come out as rows of small dark dots instead of a light, even line.
 */
export function printMonochrome(canvas: Canvas, pxPerMm: number, paper: Rgb, toner: Rgb): void {
  const { width, height, rgb } = canvas;
  const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
  const paperLevel = luminance(...paper);
  const tonerLevel = luminance(...toner);
  const cos = Math.cos(SCREEN_ANGLE);
  const sin = Math.sin(SCREEN_ANGLE);
  const frequency = (2 * Math.PI) / (SCREEN_PERIOD_MM * pxPerMm);
  const samples = SAMPLES * SAMPLES;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const darkness = (paperLevel - luminance(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)) / (paperLevel - tonerLevel);
      if (darkness <= 0) continue;
      let covered = samples;
      if (darkness < 1) {
        covered = 0;
        for (let s = 0; s < samples; s++) {
          const sx = x + ((s % SAMPLES) + 0.5) / SAMPLES;
          const sy = y + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES;
          const value = spot((sx * cos + sy * sin) * frequency, (-sx * sin + sy * cos) * frequency);
          if (SPOT_SHARE[Math.floor(value * STEPS)]! < darkness) covered++;
        }
      }
      const share = covered / samples;
      for (let c = 0; c < 3; c++) rgb[i + c] = paper[c]! + (toner[c]! - paper[c]!) * share;
    }
  }
}
