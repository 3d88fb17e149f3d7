import type { Layout } from "../template/layout-types.ts";
import { cutRegion } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage, RgbaImage } from "./images.ts";

/** The whole page as if scanned flat and upright, at `pxPerMm`: a preview for the user to check the reading. */
export function rectifyPage(scan: GreyImage, h: Homography, layout: Layout, pxPerMm: number): RgbaImage {
  const { widthMm, heightMm } = layout.paper;
  const grey = cutRegion(scan, h, { x: 0, y: 0, width: widthMm, height: heightMm }, pxPerMm);
  const data = new Uint8ClampedArray(grey.width * grey.height * 4);
  for (let i = 0, j = 0; i < grey.data.length; i++, j += 4) {
    data[j] = data[j + 1] = data[j + 2] = grey.data[i]!;
    data[j + 3] = 255;
  }
  return { width: grey.width, height: grey.height, data };
}
