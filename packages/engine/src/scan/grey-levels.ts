// Whole grey levels (0–255) of a picture: a histogram, and the level a share of its pixels reaches.

/** How many values fall on each whole level 0–255 (each truncated, and clamped to the range). */
export function greyHistogram(data: Float32Array): Uint32Array {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) {
    const level = data[i]! | 0;
    histogram[level < 0 ? 0 : level > 255 ? 255 : level]!++;
  }
  return histogram;
}

/** The lowest whole level at or below which at least `share` of the `total` counted values lie (255 if none). */
export function levelOfShare(histogram: Uint32Array, total: number, share: number): number {
  const target = total * share;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen >= target) return level;
  }
  return 255;
}
