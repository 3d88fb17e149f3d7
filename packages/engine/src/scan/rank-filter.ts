// Running maxima and minima over squares, at a cost per pixel that does not grow with the square.

/**
 * Greyscale closing over a square of side 2 × `radius` + 1: the maximum, then the minimum. Dark things narrower
 * than the square (strokes) are filled with the paper around them, while a brightness step wider than it (a
 * shadow's edge) comes back exactly where it was.
 */
export function closing(data: Float32Array, width: number, height: number, radius: number): Float32Array {
  return minFilter(maxFilter(data, width, height, radius), width, height, radius);
}

/** The minimum over a square of side 2 × `radius` + 1 around each pixel (edges repeated outward). */
export function minFilter(data: Float32Array, width: number, height: number, radius: number): Float32Array {
  const across = plane(width * height);
  const out = new Float32Array(width * height);
  const scratch = lineScratch(Math.max(width, height) + 2 * radius);
  for (let y = 0; y < height; y++) minLine(data, y * width, 1, width, radius, across, scratch);
  downColumns(across, width, height, radius, out, minOf);
  return out;
}

/** The maximum over a square of side 2 × `radius` + 1 around each pixel (edges repeated outward). */
export function maxFilter(data: Float32Array, width: number, height: number, radius: number): Float32Array {
  const across = plane(width * height);
  const out = new Float32Array(width * height);
  const scratch = lineScratch(Math.max(width, height) + 2 * radius);
  for (let y = 0; y < height; y++) maxLine(data, y * width, 1, width, radius, across, scratch);
  downColumns(across, width, height, radius, out, maxOf);
  return out;
}

/** Writes the larger (maxOf) or smaller (minOf) of a[aAt + k] and b[bAt + k] to out[outAt + k], for k < count. */
type Pick = (
  a: Float32Array,
  aAt: number,
  b: Float32Array,
  bAt: number,
  out: Float32Array,
  outAt: number,
  count: number,
) => void;

/**
 * The running maximum or minimum (`pick`) of a window of 2 × `radius` + 1 down every column at once, the same
 * method as maxLine's, a whole row at a time: the rows are read in order and each step is one pass over a row (a
 * column at a time read the picture a row's length apart).
 */
function downColumns(data: Float32Array, width: number, height: number, radius: number, out: Float32Array, pick: Pick) {
  const size = 2 * radius + 1;
  const length = height + 2 * radius;
  const { forward, backward } = columnPlanes(length * width);
  // Padded row p is picture row p − radius, the first and last rows repeated past the ends.
  for (let p = 0; p < length; p++) {
    const source = (p < radius ? 0 : p >= height + radius ? height - 1 : p - radius) * width;
    if (p % size === 0) forward.set(data.subarray(source, source + width), p * width);
    else pick(data, source, forward, (p - 1) * width, forward, p * width, width);
  }
  for (let p = length - 1; p >= 0; p--) {
    const source = (p < radius ? 0 : p >= height + radius ? height - 1 : p - radius) * width;
    if (p === length - 1 || (p + 1) % size === 0) backward.set(data.subarray(source, source + width), p * width);
    else pick(data, source, backward, (p + 1) * width, backward, p * width, width);
  }
  for (let y = 0; y < height; y++) pick(backward, y * width, forward, (y + 2 * radius) * width, out, y * width, width);
}

function maxOf(
  a: Float32Array,
  aAt: number,
  b: Float32Array,
  bAt: number,
  out: Float32Array,
  outAt: number,
  count: number,
) {
  for (let k = 0; k < count; k++) {
    const u = a[aAt + k]!;
    const v = b[bAt + k]!;
    out[outAt + k] = u > v ? u : v;
  }
}

function minOf(
  a: Float32Array,
  aAt: number,
  b: Float32Array,
  bAt: number,
  out: Float32Array,
  outAt: number,
  count: number,
) {
  for (let k = 0; k < count; k++) {
    const u = a[aAt + k]!;
    const v = b[bAt + k]!;
    out[outAt + k] = u < v ? u : v;
  }
}

type LineScratch = { padded: Float32Array; forward: Float32Array; backward: Float32Array };

// The passes' intermediate plane and line buffers are lent to one filter at a time (filters run to the end
// synchronously and keep none of them): a page filters every box, and fresh buffers each time were garbage.
let sharedPlane = new Float32Array(0);
let sharedLines: LineScratch = lineBuffers(0);

let sharedColumns = { forward: new Float32Array(0), backward: new Float32Array(0) };

function columnPlanes(size: number): { forward: Float32Array; backward: Float32Array } {
  if (sharedColumns.forward.length < size) {
    sharedColumns = { forward: new Float32Array(size), backward: new Float32Array(size) };
  }
  return sharedColumns;
}

function plane(size: number): Float32Array {
  if (sharedPlane.length < size) sharedPlane = new Float32Array(size);
  return sharedPlane;
}

function lineScratch(length: number): LineScratch {
  if (sharedLines.padded.length < length) sharedLines = lineBuffers(length);
  return sharedLines;
}

function lineBuffers(length: number): LineScratch {
  return { padded: new Float32Array(length), forward: new Float32Array(length), backward: new Float32Array(length) };
}

/** Copies one line of `count` values from `start`, `step` apart, into `padded`, its end values repeated `radius` times. */
function padLine(data: Float32Array, start: number, step: number, count: number, radius: number, padded: Float32Array) {
  const length = count + 2 * radius;
  const first = data[start]!;
  const last = data[start + (count - 1) * step]!;
  for (let i = 0; i < radius; i++) {
    padded[i] = first;
    padded[length - 1 - i] = last;
  }
  for (let i = 0, k = start; i < count; i++, k += step) padded[radius + i] = data[k]!;
}

/**
 * The running maximum of a window of 2 × `radius` + 1 along one line of `count` values from `start`, `step`
 * apart, written to the same places of `out`: van Herk and Gil–Werman's method, three comparisons a value
 * whatever the radius. The line goes on past its ends with its end values: a shadow's edge meeting the picture's
 * border then goes on straight instead of ending in a corner, which the closing would fill.
 */
function maxLine(
  data: Float32Array,
  start: number,
  step: number,
  count: number,
  radius: number,
  out: Float32Array,
  { padded, forward, backward }: LineScratch,
) {
  const size = 2 * radius + 1;
  const length = count + 2 * radius;
  padLine(data, start, step, count, radius, padded);
  // Blocks of `size` values start at multiples of `size`: the running maximum restarts there going forward and
  // at each block's last value going backward (counted down instead of a modulo per value).
  let running = 0;
  for (let i = 0, inBlock = 0; i < length; i++, inBlock++) {
    const v = padded[i]!;
    if (inBlock === size) inBlock = 0;
    running = inBlock === 0 || v > running ? v : running;
    forward[i] = running;
  }
  for (let i = length - 1, fromEnd = length % size; i >= 0; i--) {
    // fromEnd is (i + 1) mod size.
    const v = padded[i]!;
    running = i === length - 1 || fromEnd === 0 || v > running ? v : running;
    backward[i] = running;
    fromEnd = fromEnd === 0 ? size - 1 : fromEnd - 1;
  }
  for (let i = 0, k = start; i < count; i++, k += step) {
    const a = backward[i]!;
    const b = forward[i + 2 * radius]!;
    out[k] = a > b ? a : b;
  }
}

/** maxLine's twin for the running minimum (its own function, so each stays one comparison a step). */
function minLine(
  data: Float32Array,
  start: number,
  step: number,
  count: number,
  radius: number,
  out: Float32Array,
  { padded, forward, backward }: LineScratch,
) {
  const size = 2 * radius + 1;
  const length = count + 2 * radius;
  padLine(data, start, step, count, radius, padded);
  let running = 0;
  for (let i = 0, inBlock = 0; i < length; i++, inBlock++) {
    const v = padded[i]!;
    if (inBlock === size) inBlock = 0;
    running = inBlock === 0 || v < running ? v : running;
    forward[i] = running;
  }
  for (let i = length - 1, fromEnd = length % size; i >= 0; i--) {
    const v = padded[i]!;
    running = i === length - 1 || fromEnd === 0 || v < running ? v : running;
    backward[i] = running;
    fromEnd = fromEnd === 0 ? size - 1 : fromEnd - 1;
  }
  for (let i = 0, k = start; i < count; i++, k += step) {
    const a = backward[i]!;
    const b = forward[i + 2 * radius]!;
    out[k] = a < b ? a : b;
  }
}
