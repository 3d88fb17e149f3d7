import { engineModules } from "../init-engine.ts";

/** A traced mask: potrace's path data in tenths of a pixel, y up from the bottom of the traced area. */
export type TracedOutline = {
  /** SVG path data as potrace writes it (relative commands, tenths of a pixel, y up). */
  potracePath: string;
  /** Height of the traced bitmap, for turning potrace's y-up back. */
  height: number;
};

/**
 * Traces an ink mask into smooth curves with potrace. Potrace writes outer contours and holes with opposite
 * windings, so counters stay open under the nonzero fill rule of fonts. `turdPx` drops islands and pinholes
 * up to that many pixels.
 */
export async function traceOutline(
  mask: Uint8Array,
  width: number,
  height: number,
  turdPx: number,
): Promise<TracedOutline> {
  if (width === 0 || height === 0) return { potracePath: "", height };
  // White paper and black ink, both opaque, written a 32-bit pixel at a time (the bytes R, G, B, A in memory
  // whatever the platform's byte order).
  const pixels = new Uint32Array(width * height).fill(0xffffffff);
  const ink = new Uint32Array(Uint8Array.of(0, 0, 0, 255).buffer)[0]!;
  for (let i = 0; i < mask.length; i++) if (mask[i]) pixels[i] = ink;
  const rgba = new Uint8ClampedArray(pixels.buffer);
  const { potrace } = engineModules();
  const paths = await potrace({ data: rgba, width, height } as unknown as Parameters<typeof potrace>[0], {
    turdsize: Math.max(0, Math.round(turdPx)),
    turnpolicy: 4,
    alphamax: 1,
    opticurve: 1,
    // Curves are joined while they stay within a pixel of the traced mask: the mask is upsampled (32 px/mm), so that
    // is a few hundredths of a millimetre, and it keeps a fifth to a third fewer points than potrace's default of 0.2.
    opttolerance: 1,
    pathonly: true,
    extractcolors: false,
    posterizelevel: 2,
    posterizationalgorithm: 0,
  });
  return { potracePath: paths.join(" "), height };
}
