/** Turns an sfnt (TrueType or CFF flavour) into WOFF2 bytes. */
export type Woff2Encoder = (sfnt: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/**
 * The WebAssembly build of Google's WOFF2 encoder (npm woff2-encoder): runs in Node, browsers and workers alike, so it
 * is the default. It is loaded on first use, so OTF-only callers (the live preview) never download it.
 */
export const wasmWoff2Encoder: Woff2Encoder = async (sfnt) => {
  const { compress } = await import("woff2-encoder");
  return compress(sfnt);
};
