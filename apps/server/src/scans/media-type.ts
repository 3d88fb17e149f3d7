import type { ScanMediaType } from "@handfont/contract";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The type of an uploaded scan from its first bytes (never from its name or the browser's claim), or null. */
export function sniffScanType(bytes: Uint8Array): ScanMediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (isHeic(bytes)) return "image/heic";
  return null;
}

// HEIF files whose pictures are HEVC-coded (iPhone photos); AVIF, also HEIF, names "avif" and is not taken.
const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/** An ISO-BMFF "ftyp" box naming a HEVC brand as its major or one of its compatible brands. */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !startsWith(bytes, ascii("ftyp"), 4)) return false;
  const boxEnd = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
  const brand = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (HEVC_BRANDS.has(brand(8))) return true;
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (HEVC_BRANDS.has(brand(at))) return true;
  return false;
}
