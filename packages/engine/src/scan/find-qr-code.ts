import { engineModules } from "../init-engine.ts";
import { decodeQrPayload, type QrPayload } from "../template/qr-payload.ts";
import { type ScanPoint, scanPoint } from "../units.ts";
import { sampleGrid } from "./cut-cells.ts";
import type { Homography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { paperBrightness } from "./normalise-lighting.ts";

/** Samples an image at its own pixel coordinates. */
const IDENTITY: Homography = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** A Handfont QR code found on a scan: its payload and its corners in the symbol's own orientation. */
export type FoundQrCode = {
  text: string;
  payload: QrPayload;
  /** The symbol's top-left, top-right, bottom-right and bottom-left corners, in full-resolution scan pixels. */
  corners: [ScanPoint, ScanPoint, ScanPoint, ScanPoint];
};

/**
 * A photo taken at a slant shrinks the page along the direction of the tilt by its cosine, and zxing misses a code
 * squeezed so, at the few pixels per module a phone photo gives it (45° off the normal: about 0.7 × and 1.6 px per
 * module on the detection image), though it reads the same code stretched back. Neither the full image nor another
 * binarizer reads such a code reliably. The tilt's direction is not known before the code is found, so the
 * detection image is stretched by 1/cos 45° along each of four directions 45° apart in turn: for a tilt of 35–50°
 * the nearest of them leaves the code squeezed by at most 1.4 : 1, and zxing reads a code squeezed 1.5 : 1 in any
 * direction when it has the pixels. Only pages whose code was not found pay for these passes. Where the code lies on
 * the far side of a steep view and a shaken hand smeared it, it is too small for the detection image even stretched:
 * the full image is stretched the same ways last (about half a second a pass on a 12-megapixel photo).
 */
const SLANT_STRETCH = Math.SQRT2;
const SLANT_DIRECTIONS_DEGREES = [0, 90, 45, 135];

/**
 * Finds the page's Handfont QR code. Looks on the small detection image first (fast), then on the full image
 * when the symbol was too small there, then on the detection image stretched to undo a steep slant, then on the full
 * image stretched so. Other QR codes in the picture are ignored.
 */
export async function findQrCode(
  detection: GreyImage,
  factor: number,
  full: GreyImage,
): Promise<FoundQrCode | undefined> {
  const found = await readHandfontQr(detection, (x, y) => scanPoint(x * factor, y * factor));
  if (found) return found;
  if (factor > 1) {
    const atFull = await readHandfontQr(full, scanPoint);
    if (atFull) return atFull;
  }
  // A steep photo's code, small on the far side of the page, may also be too small for the detection image.
  const sources =
    factor > 1
      ? [
          { image: detection, scale: factor },
          { image: full, scale: 1 },
        ]
      : [{ image: full, scale: 1 }];
  for (const { image, scale } of sources) {
    for (const degrees of SLANT_DIRECTIONS_DEGREES) {
      const stretched = stretchAlong(image, (degrees * Math.PI) / 180, SLANT_STRETCH);
      const back = (x: number, y: number) => {
        const p = stretched.toSource(x, y);
        return scanPoint(p.x * scale, p.y * scale);
      };
      const read = await readHandfontQr(stretched.image, back);
      if (read) return read;
    }
  }
  return undefined;
}

/**
 * `image` stretched by `stretch` along the direction at `angle` radians (bilinear, edges extended), and the map from
 * its coordinates back to the source's. Coordinates name pixel corners, in both.
 */
function stretchAlong(
  image: GreyImage,
  angle: number,
  stretch: number,
): { image: GreyImage; toSource: (x: number, y: number) => { x: number; y: number } } {
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  // Forward: p + (stretch − 1)(p·d)d; back: q + (1/stretch − 1)(q·d)d.
  const forward = (x: number, y: number) => {
    const t = (stretch - 1) * (x * dx + y * dy);
    return [x + t * dx, y + t * dy] as const;
  };
  const corners = [
    forward(0, 0),
    forward(image.width, 0),
    forward(0, image.height),
    forward(image.width, image.height),
  ];
  const left = Math.min(...corners.map((c) => c[0]));
  const top = Math.min(...corners.map((c) => c[1]));
  const width = Math.ceil(Math.max(...corners.map((c) => c[0])) - left);
  const height = Math.ceil(Math.max(...corners.map((c) => c[1])) - top);
  const shrink = 1 / stretch - 1;
  const toSource = (x: number, y: number) => {
    const [qx, qy] = [x + left, y + top];
    const t = shrink * (qx * dx + qy * dy);
    return { x: qx + t * dx, y: qy + t * dy };
  };
  // Sampled where each output pixel's centre maps to; along a row that point moves by a constant step.
  const samples = new Float32Array(width * height);
  const origin = toSource(0.5, 0.5);
  const along = toSource(1.5, 0.5);
  const down = toSource(0.5, 1.5);
  sampleGrid(
    image,
    IDENTITY,
    samples,
    origin.x - 0.5,
    origin.y - 0.5,
    along.x - origin.x,
    along.y - origin.y,
    down.x - origin.x,
    down.y - origin.y,
    width,
    height,
    1,
    width,
  );
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = samples[i]! + 0.5;
  return { image: { width, height, data }, toSource };
}

/**
 * The code's light reach relative to the picture's long side: a closing this wide removes the whole code and every
 * marker at any size a page has in a photo (a code spans a fortieth of the long side when the page fills the frame), so
 * it keeps only the paper's light, shadows' edges where they are.
 */
const SHADE_CLOSING_SHARE = 1 / 40;

/**
 * The narrowest closing findQrCodeInShade tries, in pixels of the detection image: wider than the solid dark patches
 * of a code still big enough to be read there (a finder pattern's centre, three modules of about 1.5 px).
 */
const SHADE_CLOSING_MIN_PX = 6;

/**
 * Finds the page's QR code on the detection image with its light divided out, for a picture where neither the code
 * nor the markers were found as they are: a hard shadow's edge across the code's quiet zone (a hand or a phone over
 * the page under a lamp) joins the shadow to the code's dark modules, and a marker deep in the shadow looks like
 * nothing. Divided by the paper's brightness, the shadow reads as paper and the code and markers as print. Where the
 * page is far from the camera, a closing as wide as the code of a page filling the frame cannot follow a shadow's
 * rounded corner beside the code and leaves it smudged across the code's modules: narrower closings, halving down to
 * SHADE_CLOSING_MIN_PX, are tried after it (the code only; each wider than the code's modules and finder centres at
 * the sizes it can still be read at).
 */
export async function findQrCodeInShade(
  detection: GreyImage,
  factor: number,
  byMarkers: (even: GreyImage) => Promise<FoundQrCode | undefined>,
): Promise<FoundQrCode | undefined> {
  const toScan = (x: number, y: number) => scanPoint(x * factor, y * factor);
  const widest = Math.max(4, Math.round(SHADE_CLOSING_SHARE * Math.max(detection.width, detection.height)));
  const image = dividedByPaper(detection, widest);
  const found = (await readHandfontQr(image, toScan)) ?? (await byMarkers(image));
  if (found) return found;
  for (let radius = widest >> 1; radius >= SHADE_CLOSING_MIN_PX; radius >>= 1) {
    const narrower = await readHandfontQr(dividedByPaper(detection, radius), toScan);
    if (narrower) return narrower;
  }
  return undefined;
}

/** The picture divided by its paper's brightness (a closing of `radius`), paper at 255. */
function dividedByPaper(picture: GreyImage, radius: number): GreyImage {
  const { width, height, data } = picture;
  const paper = paperBrightness({ width, height, data: Float32Array.from(data) }, radius);
  const even = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) even[i] = Math.min(255, (255 * data[i]!) / Math.max(1, paper[i]!) + 0.5);
  return { width, height, data: even };
}

export async function readHandfontQr(
  image: GreyImage,
  toScan: (x: number, y: number) => ScanPoint,
): Promise<FoundQrCode | undefined> {
  const { readBarcodes } = engineModules();
  const results = await readBarcodes(asPgm(image), {
    formats: ["QRCode"],
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    tryDownscale: true,
    maxNumberOfSymbols: 4,
  });
  for (const result of results) {
    const payload = result.isValid ? decodeQrPayload(result.text) : undefined;
    if (!payload) continue;
    const { topLeft, topRight, bottomRight, bottomLeft } = result.position;
    // Corner coordinates name pixel corners; map them, not pixel centres, back to the full image.
    const up = (p: { x: number; y: number }) => toScan(p.x, p.y);
    return { text: result.text, payload, corners: [up(topLeft), up(topRight), up(bottomRight), up(bottomLeft)] };
  }
  return undefined;
}

/**
 * The grey image as a binary PGM file, which zxing decodes straight into the luminance it reads. An ImageData would
 * be four times the bytes, and zxing turns it back into the same luminance (its weights give g for R = G = B = g):
 * the round trip cost a 300 dpi page about 25 ms of CPU and 11 MB of garbage for the same result.
 */
function asPgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.length + image.data.length);
  file.set(header);
  file.set(image.data, header.length);
  return file;
}
