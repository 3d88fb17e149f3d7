import { engineModules } from "../init-engine.ts";

/** A traced mask: potrace's path data in tenths of a pixel, y up from the bottom of the traced area. */
export type TracedOutline = {
  /**
   * SVG path data as potrace writes it (relative commands after an absolute M, tenths of a pixel, y up): one string
   * an outer contour, with the holes right inside it.
   */
  paths: string[];
  /** Height of the traced bitmap, for turning potrace's y-up back. */
  height: number;
};

/** An opaque black pixel: the bytes R, G, B, A in memory whatever the platform's byte order. */
const INK = new Uint32Array(Uint8Array.of(0, 0, 0, 255).buffer)[0]!;
/** The RGBA buffer between traces (see traceOutline). */
let spare: Uint32Array | undefined;

/**
 * Traces an ink mask into smooth curves with potrace (or, `smooth` false, into the polygons potrace fits before it
 * rounds their corners). Potrace writes outer contours and holes with opposite windings, so counters stay open under
 * the nonzero fill rule of fonts. `turdPx` drops islands and pinholes up to that many pixels. Potrace finds its paths
 * before it smooths them: the n-th path is the same ink in both traces of one mask.
 */
export async function traceOutline(
  mask: Uint8Array,
  width: number,
  height: number,
  turdPx: number,
  smooth = true,
): Promise<TracedOutline> {
  if (width === 0 || height === 0) return { paths: [], height };
  const size = width * height;
  // The RGBA potrace wants is 64 bytes a working pixel at the tracing resolution, a megabyte for a big letter: one
  // buffer is kept and lent to one trace at a time (a trace running meanwhile gets its own), so a page does not leave
  // a hundred of them for the garbage collector.
  const pixels = spare && spare.length >= size ? spare : new Uint32Array(size);
  if (pixels === spare) spare = undefined;
  paint(mask, pixels, size);
  const rgba = new Uint8ClampedArray(pixels.buffer, 0, size * 4);
  const { potrace } = engineModules();
  let paths: string[];
  try {
    paths = await potrace({ data: rgba, width, height } as unknown as Parameters<typeof potrace>[0], {
      turdsize: Math.max(0, Math.round(turdPx)),
      turnpolicy: 4,
      alphamax: smooth ? 1 : 0,
      opticurve: smooth ? 1 : 0,
      // Curves are joined while they stay within a pixel of the traced mask: the mask is upsampled (32 px/mm), so that
      // is a few hundredths of a millimetre, and it keeps a fifth to a third fewer points than potrace's default of 0.2.
      opttolerance: 1,
      pathonly: true,
      extractcolors: false,
      posterizelevel: 2,
      posterizationalgorithm: 0,
    });
  } finally {
    if (!spare || spare.length < pixels.length) spare = pixels;
  }
  return { paths, height };
}

/**
 * White paper and black ink, both opaque, written a 32-bit pixel at a time. A function of its own: V8 compiles a hot
 * loop on its own while it runs, and such code with more after the loop was thrown away trace after trace on a fresh
 * thread's first page (measured: 60 times in one cold read).
 */
function paint(mask: Uint8Array, pixels: Uint32Array, size: number) {
  pixels.fill(0xffffffff, 0, size);
  for (let i = 0; i < size; i++) if (mask[i]) pixels[i] = INK;
}
