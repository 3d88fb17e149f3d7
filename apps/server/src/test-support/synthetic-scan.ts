import type { TemplateLayout } from "@handfont/contract";
import type { Layout } from "@handfont/engine";
import { captureFlatbed, capturePhone, renderFilledPage } from "@handfont/engine/synth";
import { loadHandwritingFont } from "@handfont/engine/synth/node";
import sharp from "sharp";

const caveat = loadHandwritingFont("caveat");

/**
 * A filled-in template page as a scanner or phone would deliver it: written in the Caveat handwriting font by the
 * engine's synthetic generator, then captured (blur, noise; a phone adds perspective and shadow) and JPEG-encoded.
 */
export async function syntheticScan(
  layout: TemplateLayout,
  page: number,
  options: { seed?: number; dpi?: number; phone?: boolean } = {},
): Promise<Uint8Array> {
  const seed = options.seed ?? 1;
  const filled = renderFilledPage(layout as Layout, { page, dpi: options.dpi ?? 150, hand: caveat, seed });
  const capture = options.phone
    ? capturePhone(filled, layout.paper, { seed, frameWidth: 2400, frameHeight: 1800 })
    : captureFlatbed(filled, { seed });
  const raw = { width: capture.width, height: capture.height, channels: 4 as const };
  return new Uint8Array(
    await sharp(Buffer.from(capture.data.buffer, capture.data.byteOffset, capture.data.length), { raw })
      .removeAlpha()
      .jpeg({ quality: capture.jpegQuality })
      .withMetadata({ orientation: capture.exifOrientation })
      .toBuffer(),
  );
}
