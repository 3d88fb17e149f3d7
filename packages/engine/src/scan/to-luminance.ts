import type { GreyImage, ScanImage } from "./images.ts";

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * Converts decoded pixels to luminance (Rec. 601 weights, as JPEG's own Y channel). The template's light blue
 * guides are bright in luminance while every dark ink is dark, so they separate here; and JPEG keeps Y at full
 * resolution while it halves colour.
 */
export function toLuminance(image: ScanImage, channels: 1 | 3 | 4): GreyImage {
  return luminancePyramid(image, channels, 1).full;
}

/**
 * Luminance at full resolution and shrunk by `factor` (block averages): the small copy is what the QR code
 * and the markers are looked for on. The full luminance is written `into` the given pixels when there are (memory
 * shared with the read's helpers, see sharedPixels), else into new memory.
 */
export function luminancePyramid(
  image: ScanImage,
  channels: 1 | 3 | 4,
  factor: number,
  into?: Uint8Array,
): { full: GreyImage; small: GreyImage } {
  const { width, height } = image;
  const pixels = width * height;
  // One concrete array type keeps the loops below monomorphic (ImageData hands over a Uint8ClampedArray).
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, pixels * channels);
  const out = into ? into.subarray(0, pixels) : new Uint8Array(pixels);
  const full = { width, height, data: out };
  // Four pixels at a time where the platform allows: three 32-bit reads hold their twelve bytes and one write
  // takes their four levels (half the CPU time of a byte at a time on a 300 dpi page).
  const aligned = data.byteOffset % 4 === 0 && out.byteOffset % 4 === 0;
  const words = channels === 3 && aligned && LITTLE_ENDIAN ? Math.floor(pixels / 4) : 0;
  if (words > 0 && factor === 2) {
    // The common case (300 dpi pages, phone photos): each pair of rows is shrunk as soon as its levels are known,
    // while they are still in the cache, instead of reading the whole page again.
    const rgb = new Uint32Array(data.buffer, data.byteOffset, 3 * words);
    const grey = new Uint32Array(out.buffer, out.byteOffset, words);
    const small = { width: width >> 1, height: height >> 1, data: new Uint8Array((width >> 1) * (height >> 1)) };
    let done = 0;
    for (let y = 0; y < small.height; y++) {
      const needed = (2 * y + 2) * width;
      done = luminanceUpTo(data, rgb, grey, out, words, done, needed);
      shrinkRowPair(out, small.data, y, width, small.width);
    }
    luminanceUpTo(data, rgb, grey, out, words, done, pixels);
    return { full, small };
  }
  if (channels === 1) out.set(data.subarray(0, pixels));
  else if (channels === 3) {
    // Pixels that do not start on a word boundary are taken one at a time.
    const rgb = words > 0 ? new Uint32Array(data.buffer, data.byteOffset, 3 * words) : new Uint32Array(0);
    const grey = new Uint32Array(out.buffer, out.byteOffset, words);
    luminanceUpTo(data, rgb, grey, out, words, 0, pixels);
  } else {
    for (let i = 0, j = 0; i < pixels; i++, j += 4)
      out[i] = (306 * data[j]! + 601 * data[j + 1]! + 117 * data[j + 2]! + 512) >> 10;
  }
  return { full, small: downscale(full, factor) };
}

/**
 * Luminance of RGB pixels from `from` on, until at least `to` are done (`words` groups of four through `rgb` and
 * `grey`, the rest one at a time); returns how many are done. Fixed-point weights 306/601/117 of 1024 are
 * 0.299/0.587/0.114.
 */
function luminanceUpTo(
  data: Uint8Array,
  rgb: Uint32Array,
  grey: Uint32Array,
  out: Uint8Array,
  words: number,
  from: number,
  to: number,
): number {
  const lastWord = Math.min(words, Math.ceil(to / 4));
  luminanceWords(rgb, grey, from >> 2, lastWord);
  let done = Math.max(from, 4 * lastWord);
  for (let j = 3 * done; done < to; done++, j += 3)
    out[done] = (306 * data[j]! + 601 * data[j + 1]! + 117 * data[j + 2]! + 512) >> 10;
  return done;
}

/**
 * Groups `from` to `to` of four pixels (three 32-bit words of RGB each) into one 32-bit word of four levels. A function
 * of its own with nothing after its loop: V8 compiles a hot loop on its own while it runs, and such code with more
 * after the loop was thrown away row after row on a fresh thread (measured: 50 times in one cold read).
 */
function luminanceWords(rgb: Uint32Array, grey: Uint32Array, from: number, to: number) {
  for (let k = from, j = 3 * k; k < to; k++, j += 3) {
    const a = rgb[j]!;
    const b = rgb[j + 1]!;
    const c = rgb[j + 2]!;
    const y0 = (306 * (a & 255) + 601 * ((a >>> 8) & 255) + 117 * ((a >>> 16) & 255) + 512) >> 10;
    const y1 = (306 * (a >>> 24) + 601 * (b & 255) + 117 * ((b >>> 8) & 255) + 512) >> 10;
    const y2 = (306 * ((b >>> 16) & 255) + 601 * (b >>> 24) + 117 * (c & 255) + 512) >> 10;
    const y3 = (306 * ((c >>> 8) & 255) + 601 * ((c >>> 16) & 255) + 117 * (c >>> 24) + 512) >> 10;
    grey[k] = y0 | (y1 << 8) | (y2 << 16) | (y3 << 24);
  }
}

/** Row `y` of an image shrunk by two, from rows 2y and 2y + 1 of `src` (each 2 × 2 block averaged, rounded). */
function shrinkRowPair(src: Uint8Array, out: Uint8Array, y: number, stride: number, width: number) {
  const top = 2 * y * stride;
  const bottom = top + stride;
  const row = y * width;
  for (let x = 0, i = top, k = bottom; x < width; x++, i += 2, k += 2)
    out[row + x] = (src[i]! + src[i + 1]! + src[k]! + src[k + 1]! + 2) >> 2;
}

/** Shrinks a grey image by an integer factor, averaging each factor × factor block. */
export function downscale(image: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height);
  const src = image.data;
  const stride = image.width;
  if (factor === 2) {
    // Grey or RGBA pictures and 600 dpi scans (luminancePyramid shrinks RGB pages as it goes), a row at a time in a
    // function of its own: V8 compiles that function once it has been called a few times, where a loop over the whole
    // page waits to be compiled on the stack (in a fresh process a 300 dpi page took 30 ms this way against 12).
    for (let y = 0; y < height; y++) shrinkRowPair(src, out, y, stride, width);
    return { width, height, data: out };
  }
  const sums = new Uint32Array(width);
  const area = factor * factor;
  const half = area >> 1;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let i = (y * factor + dy) * stride;
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let dx = 0; dx < factor; dx++) sum += src[i++]!;
        sums[x] = sums[x]! + sum;
      }
    }
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = ((sums[x]! + half) / area) | 0;
  }
  return { width, height, data: out };
}
