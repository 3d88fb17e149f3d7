import QRCode from "qrcode";

/** The modules of a QR symbol: `size` × `size`, row-major, 1 for dark. */
export type QrMatrix = { size: number; modules: Uint8Array };

/** Encodes a qcode as a QR symbol with error correction level Q (a quarter of it may be smudged or written on). */
export function qrMatrix(text: string): QrMatrix {
  const symbol = QRCode.create(text, { errorCorrectionLevel: "Q" });
  const size = symbol.modules.size;
  return { size, modules: Uint8Array.from(symbol.modules.data, (dark) => (dark ? 1 : 0)) };
}
