import type { GreyImage } from "./images.ts";

/**
 * Marks pixels clearly darker than their neighbourhood: below `ratio` × the mean of a square window of
 * radius `radius`, and at least `minContrast` grey levels below it. Local, so shadows and a dark table
 * around the page do not swallow the markers.
 */
export function adaptiveThreshold(image: GreyImage, radius: number, ratio: number, minContrast: number): Uint8Array {
  const { width, height, data } = image;
  // The window's sums come from each column's sum over the window's rows, kept as the window slides down, and their
  // sum over the window's columns, kept as it slides along: a row's worth of memory instead of a picture-sized
  // integral image, whose first touch costs more than the arithmetic on a 12-megapixel photo's detection image. The
  // sums are whole numbers, exact in 32-bit integers per column and 64-bit floats across, so the means are the same as
  // an integral image's.
  const columns = new Int32Array(width);
  for (let y = 0; y < Math.min(height, radius); y++) slideDown(data, y * width, -1, width, columns);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    // The window now holds rows y − radius to y + radius, clipped to the picture.
    const enters = y + radius < height ? (y + radius) * width : -1;
    const leaves = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    slideDown(data, enters, leaves, width, columns);
    const rows = Math.min(height, y + radius + 1) - Math.max(0, y - radius);
    markDark(data, y * width, width, columns, radius, rows, ratio, minContrast, mask);
  }
  return mask;
}

/** Adds the levels of the row starting at `enters` to the column sums and takes those at `leaves` off (−1: none). */
function slideDown(data: Uint8Array, enters: number, leaves: number, width: number, columns: Int32Array) {
  if (enters >= 0 && leaves >= 0) {
    for (let x = 0; x < width; x++) columns[x]! += data[enters + x]! - data[leaves + x]!;
  } else if (enters >= 0) {
    for (let x = 0; x < width; x++) columns[x]! += data[enters + x]!;
  } else if (leaves >= 0) {
    for (let x = 0; x < width; x++) columns[x]! -= data[leaves + x]!;
  }
}

/** Marks the dark pixels of the row starting at `start`, its window's sum slid along the column sums. */
function markDark(
  data: Uint8Array,
  start: number,
  width: number,
  columns: Int32Array,
  radius: number,
  rows: number,
  ratio: number,
  minContrast: number,
  mask: Uint8Array,
) {
  let sum = 0;
  for (let x = 0; x < Math.min(width, radius); x++) sum += columns[x]!;
  for (let x = 0; x < width; x++) {
    if (x + radius < width) sum += columns[x + radius]!;
    if (x - radius - 1 >= 0) sum -= columns[x - radius - 1]!;
    const mean = sum / (rows * (Math.min(width, x + radius + 1) - Math.max(0, x - radius)));
    const value = data[start + x]!;
    if (value < mean * ratio && mean - value >= minContrast) mask[start + x] = 1;
  }
}
