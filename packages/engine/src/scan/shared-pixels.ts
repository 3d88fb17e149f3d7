// Shared memory for the pictures a read's helper threads read (see readBoxes), kept from one read to the next.

/** Shared memory that reads on this thread have finished with, kept for the next ones (see sharedPixels). */
const spares: SharedArrayBuffer[] = [];

/** How many of those are kept (a read uses two at most: the luminance and the picture its boxes are cut from). */
const MAX_SPARES = 2;

/** The largest shared memory kept for the next read: a 24-megapixel photo's luminance. */
const MAX_SPARE_BYTES = 24 << 20;

/**
 * `bytes` of memory that other threads can share, for a read whose helpers will read a picture of the page from it
 * (see readBoxes): the smallest that reads have given back (recycleSharedPixels) that is large enough (of equal
 * ones the last given back, so a read's two pictures keep their memory from page to page), else new.
 * New memory is touched for the first time as the picture is written into it, and on a virtual machine each of its
 * 4 KiB pages then costs the system about 10 µs: 25 ms for a 300 dpi page, more than its luminance takes to compute.
 */
export function sharedPixels(bytes: number): Uint8Array {
  let best = -1;
  for (const [k, spare] of spares.entries()) {
    if (spare.byteLength >= bytes && (best < 0 || spare.byteLength <= spares[best]!.byteLength)) best = k;
  }
  const buffer = best >= 0 ? spares.splice(best, 1)[0]! : new SharedArrayBuffer(bytes);
  return new Uint8Array(buffer, 0, bytes);
}

/**
 * Gives memory from sharedPixels back for the next reads, once nothing of this read's will use it again; the
 * smallest of the spares goes if there are too many.
 */
export function recycleSharedPixels(pixels: Uint8Array): void {
  const { buffer } = pixels;
  if (!(buffer instanceof SharedArrayBuffer) || buffer.byteLength > MAX_SPARE_BYTES || spares.includes(buffer)) return;
  spares.push(buffer);
  spares.sort((a, b) => b.byteLength - a.byteLength);
  spares.length = Math.min(spares.length, MAX_SPARES);
}
