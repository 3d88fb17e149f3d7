import { createRandom, type Random } from "./random.ts";

/** An RGBA picture. */
export type Picture = { width: number; height: number; data: Uint8ClampedArray };

/** What a capture produced, and how the file should be written to be like the real thing. */
export type Capture = Picture & {
  /** JPEG quality a device of this kind writes. */
  jpegQuality: number;
  /**
   * EXIF orientation (1–8) to store with the JPEG: the pixels are stored turned and the tag says how to turn
   * them back, as phones do.
   */
  exifOrientation: number;
  /** Where the page's corners (top-left, top-right, bottom-right, bottom-left) are in the stored pixels. */
  pageCorners: [number, number][];
  /** A flatbed's dust streak (FlatbedOptions.streak): the pixel column its middle runs down. */
  streakColumn?: number;
};

export type FlatbedOptions = {
  seed: number;
  upsideDown?: boolean;
  blur?: number;
  noise?: number;
  jpegQuality?: number;
  /**
   * Depth (0–1) of a streak down the whole scan, the share of light it takes at its middle: a speck of dust on a
   * sheet feeder's glass, seen by the same sensor pixel in every line. Default none.
   */
  streak?: number;
};

/**
 * A flatbed scan: slight optical blur and sensor noise, optionally the page placed upside down and a dust streak
 * down the scan.
 */
export function captureFlatbed(page: Picture, options: FlatbedOptions): Capture {
  const random = createRandom(options.seed);
  const out = { width: page.width, height: page.height, data: new Uint8ClampedArray(page.data) };
  if (options.upsideDown) reverseInPlace(out.data);
  blurRgba(out, options.blur ?? 0.6);
  addNoise(out, options.noise ?? 3, random);
  const streakColumn = options.streak ? addStreak(out, options.streak, random) : undefined;
  const [w, h] = [page.width, page.height];
  const corners: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const pageCorners = options.upsideDown ? corners.map(([x, y]) => [w - x, h - y] as [number, number]) : corners;
  return {
    ...out,
    jpegQuality: options.jpegQuality ?? 90,
    exifOrientation: 1,
    pageCorners,
    ...(streakColumn !== undefined && { streakColumn }),
  };
}

export type PhoneOptions = {
  seed: number;
  /** Output frame in pixels (landscape sensor); default 4032 × 3024 (12 MP). */
  frameWidth?: number;
  frameHeight?: number;
  /** Camera tilt away from straight above the page, degrees; default random up to 25. */
  tiltDegrees?: number;
  /** Rotation of the page in the frame, degrees; default a random quarter turn and up to 12° more either way. */
  rollDegrees?: number;
  /** Share of the frame's height the page spans; default random 0.62–0.8. */
  fill?: number;
  /** Depth of the shadow across the page, 0–1; default 0.45. */
  shadow?: number;
  /**
   * Depth (0–1) of a hard-edged shadow cast on the page by something held over it under a lamp (a hand, a
   * phone): a rotated rectangle of a hand's size somewhere over the page, its edges crossing boxes. Default none.
   */
  castShadow?: number;
  /** Width of that shadow's edge (penumbra) on the page, mm; default random 0.3–1. */
  penumbraMm?: number;
  /**
   * The light's colour as a share of each of red, green and blue that reaches the sensor uncorrected (a tungsten
   * lamp's warm light with the phone's white balance off: about 1, 0.82, 0.55); default white.
   */
  lightColour?: readonly [number, number, number];
  /**
   * Strength (0–1) of a flash's or a lamp's reflection on glossy paper: light added towards white, this share of the
   * way at a spot somewhere on the page, fading over a fifth of the frame's shorter side. Default none.
   */
  glare?: number;
  /**
   * A finger holding the page down over one corner marker: the page's corner it covers (0 top-left, 2 bottom-right,
   * 3 bottom-left, in the page's order), coming in from the side of the page. Never the top-right corner, where the QR
   * code lies beside the marker: a finger there hides the code too, and no reader can tell such a page. Default none.
   */
  finger?: 0 | 2 | 3;
  /** Length of a straight motion blur (hand shake) in frame pixels, in a random direction; default none. */
  motionBlurPx?: number;
  /**
   * The phone's own sharpening before it saves the photo: an unsharp mask of this radius (standard deviation, frame
   * pixels) and amount, applied after the sensor's noise, as phone cameras do. It leaves light halos beside dark strokes
   * and printed lines, and sharpens the noise with them. Default none.
   */
  sharpen?: { sigma: number; amount: number };
  blur?: number;
  noise?: number;
  jpegQuality?: number;
};

/**
 * A phone photo of a page lying on a dark table: perspective from a tilted camera, any rotation, a page that
 * does not fill the frame, a shadow gradient and vignetting, lens blur, sensor noise; stored portrait-turned
 * with an EXIF orientation as phones do.
 */
export function capturePhone(
  page: Picture,
  pageMm: { widthMm: number; heightMm: number },
  options: PhoneOptions,
): Capture {
  const random = createRandom(options.seed);
  const frameWidth = options.frameWidth ?? 4032;
  const frameHeight = options.frameHeight ?? 3024;
  const tilt = ((options.tiltDegrees ?? random.range(8, 25)) * Math.PI) / 180;
  const roll = ((options.rollDegrees ?? 90 * Math.floor(random.range(0, 4)) + random.range(-12, 12)) * Math.PI) / 180;
  const fill = options.fill ?? random.range(0.62, 0.8);
  const corners = projectPage(pageMm, frameWidth, frameHeight, tilt, random.range(0, 2 * Math.PI), roll, fill, random);
  const pageCorners = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ] as const;
  const toPage = homography(corners, pageCorners);
  // A camera pixel integrates light over its area; point-sampling a finer page would alias its edges, so the
  // page is first blurred to the frame's pixel size.
  const pagePxPerFramePx = Math.sqrt((page.width * page.height) / quadArea(corners));
  const source = { width: page.width, height: page.height, data: new Uint8ClampedArray(page.data) };
  blurRgba(source, 0.45 * pagePxPerFramePx);
  const frame = { width: frameWidth, height: frameHeight, data: new Uint8ClampedArray(frameWidth * frameHeight * 4) };
  const shadowDepth = options.shadow ?? 0.45;
  const shadowAngle = random.range(0, 2 * Math.PI);
  const [sx, sy] = [Math.cos(shadowAngle), Math.sin(shadowAngle)];
  const diagonal = Math.hypot(frameWidth, frameHeight);
  const table = [random.range(40, 70), random.range(30, 55), random.range(25, 45)];
  const cast = options.castShadow ? castShadow(page, pageMm, options.castShadow, options.penumbraMm, random) : null;
  const tint = options.lightColour ?? [1, 1, 1];
  // Drawn from a generator of its own, so a photo with glare is the same photo as without it away from the spot.
  const glare = options.glare
    ? glareSpot(corners, frameWidth, frameHeight, options.glare, createRandom(options.seed + GLARE_SEED))
    : null;
  const finger =
    options.finger === undefined
      ? null
      : fingerOver(page, pageMm, options.finger, createRandom(options.seed + FINGER_SEED));
  for (let y = 0; y < frameHeight; y++) {
    for (let x = 0; x < frameWidth; x++) {
      const j = (y * frameWidth + x) * 4;
      // A soft shadow edge across the frame, and vignetting towards the corners.
      const along = ((x - frameWidth / 2) * sx + (y - frameHeight / 2) * sy) / diagonal;
      const shade = 1 - shadowDepth * smoothstep(-0.05, 0.25, along);
      const r2 = ((x - frameWidth / 2) ** 2 + (y - frameHeight / 2) ** 2) / (diagonal / 2) ** 2;
      // Pixel centres sit half a pixel inside their corners, in the frame and on the page alike.
      const [fx, fy] = [x + 0.5, y + 0.5];
      const w = toPage[6]! * fx + toPage[7]! * fy + toPage[8]!;
      const u = (toPage[0]! * fx + toPage[1]! * fy + toPage[2]!) / w - 0.5;
      const v = (toPage[3]! * fx + toPage[4]! * fy + toPage[5]!) / w - 0.5;
      const light = shade * (1 - 0.25 * r2) * 0.92 * (cast ? cast(u, v) : 1);
      if (u >= 0 && v >= 0 && u < page.width - 1 && v < page.height - 1) {
        const u0 = u | 0;
        const v0 = v | 0;
        const fu = u - u0;
        const fv = v - v0;
        const i = (v0 * page.width + u0) * 4;
        const below = i + page.width * 4;
        const src = source.data;
        for (let c = 0; c < 3; c++) {
          const top = src[i + c]! + (src[i + 4 + c]! - src[i + c]!) * fu;
          const bottom = src[below + c]! + (src[below + 4 + c]! - src[below + c]!) * fu;
          frame.data[j + c] = (top + (bottom - top) * fv) * light * tint[c]!;
        }
        if (glare) {
          const g = glare(fx, fy);
          for (let c = 0; c < 3; c++) frame.data[j + c] = frame.data[j + c]! + (255 - frame.data[j + c]!) * g;
        }
      } else {
        const grain = random.range(-6, 6);
        for (let c = 0; c < 3; c++) frame.data[j + c] = (table[c]! + grain) * light * tint[c]!;
      }
      if (finger) {
        const { cover, brightness, shade: under } = finger.at(u, v);
        const lit = shade * (1 - 0.25 * r2) * 0.92 * brightness;
        for (let c = 0; c < 3; c++) {
          frame.data[j + c] = frame.data[j + c]! * under * (1 - cover) + finger.skin[c]! * lit * tint[c]! * cover;
        }
      }
      frame.data[j + 3] = 255;
    }
  }
  blurRgba(frame, options.blur ?? 1.1);
  if (options.motionBlurPx) motionBlur(frame, options.motionBlurPx, random.range(0, Math.PI));
  addNoise(frame, options.noise ?? 5, random);
  if (options.sharpen) unsharpMask(frame, options.sharpen.sigma, options.sharpen.amount);
  // Phones store the sensor's landscape pixels and tag the JPEG "rotate 90° clockwise to view" (orientation 6)
  // when the photo was taken in portrait.
  return { ...frame, jpegQuality: options.jpegQuality ?? 70, exifOrientation: 6, pageCorners: corners };
}

/** Offset of the glare spot's own random generator from the photo's seed. */
const GLARE_SEED = 7919;
/** Offset of the finger's own random generator from the photo's seed (see fingerOver). */
const FINGER_SEED = 104729;
/** Skin tones the finger is drawn in, lit white: from light to dark. */
const SKIN_LIGHT = [236, 192, 164] as const;
const SKIN_DARK = [112, 74, 54] as const;

/**
 * A finger lying over a corner of the page: its skin's colour, and at page pixel (u, v) how much of the pixel it
 * covers (its edge 0.3 mm soft), how brightly the skin is lit there (a rounded finger, lit from above, darker towards
 * its sides), and the share of light its soft shadow leaves on the paper beside it. The finger comes in across the
 * page's side edge, nearly square to it, 16–19 mm wide, with its tip 22–26 mm in from the edge, past the corner marker
 * (10 mm wide, its centre 12 mm in from each edge) on every side.
 */
function fingerOver(
  page: Picture,
  pageMm: { widthMm: number; heightMm: number },
  corner: 0 | 2 | 3,
  random: Random,
): {
  skin: readonly number[];
  at: (u: number, v: number) => { cover: number; brightness: number; shade: number };
} {
  const mmPerPx = pageMm.widthMm / page.width;
  const right = corner === 2;
  const bottom = corner !== 0;
  const radius = random.range(8, 9.5);
  const reach = random.range(22, 26);
  const angle = random.range(-0.25, 0.25);
  // The axis runs from outside the page to the centre of the tip's round end, `radius` short of the tip.
  const [ax, ay] = [right ? -Math.cos(angle) : Math.cos(angle), Math.sin(angle)];
  const sideY = bottom ? pageMm.heightMm - random.range(10, 14) : random.range(10, 14);
  const tipCentre = { x: right ? pageMm.widthMm - reach + radius : reach - radius, y: sideY };
  const start = { x: tipCentre.x - 80 * ax, y: tipCentre.y - 80 * ay };
  const tone = random.range(0, 1);
  const skin = SKIN_LIGHT.map((light, c) => light + (SKIN_DARK[c]! - light) * tone);
  const shadowOffset = { x: random.range(-2, 2), y: random.range(1, 3) };
  const distanceTo = (x: number, y: number) => {
    // Distance from the axis segment: the finger is a capsule of that radius around it.
    const t = Math.max(0, Math.min(80, (x - start.x) * ax + (y - start.y) * ay));
    return Math.hypot(x - start.x - t * ax, y - start.y - t * ay);
  };
  const clear = { cover: 0, brightness: 1, shade: 1 };
  const at = (u: number, v: number) => {
    const [x, y] = [(u + 0.5) * mmPerPx, (v + 0.5) * mmPerPx];
    const d = distanceTo(x, y);
    if (d > radius + 8) return clear;
    const cover = Math.min(1, Math.max(0, (radius - d) / 0.3 + 0.5));
    const across = Math.min(1, d / radius);
    const shadowed = distanceTo(x - shadowOffset.x, y - shadowOffset.y);
    return {
      cover,
      brightness: 0.62 + 0.38 * Math.sqrt(1 - across * across),
      shade: 1 - 0.35 * (1 - smoothstep(radius - 1, radius + 3, shadowed)),
    };
  };
  return { skin, at };
}

/**
 * The share of the way to white a reflection adds at frame point (x, y): `strength` at a spot on the page (a random mix
 * of its corners), falling off as a Gaussian a fifth of the frame's shorter side wide.
 */
function glareSpot(
  corners: readonly (readonly [number, number])[],
  frameWidth: number,
  frameHeight: number,
  strength: number,
  random: Random,
) {
  const [a, b] = [random.range(0.2, 0.8), random.range(0.2, 0.8)];
  const mix = (k: 0 | 1) =>
    (1 - a) * (1 - b) * corners[0]![k] +
    a * (1 - b) * corners[1]![k] +
    a * b * corners[2]![k] +
    (1 - a) * b * corners[3]![k];
  const [cx, cy] = [mix(0), mix(1)];
  const sigma = 0.2 * Math.min(frameWidth, frameHeight);
  return (x: number, y: number) => strength * Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * sigma * sigma));
}

/**
 * The light left by a hard-edged shadow at page pixel (u, v): 1 - `depth` inside a rotated rectangle of a hand's
 * size (70–100 × 140–220 mm, corners rounded like a phone's or fingers', 5–15 mm) centred somewhere on the page, 1
 * outside, with a linear ramp `penumbraMm` wide across its edge (a small lamp and an object a few centimetres above
 * the paper give a penumbra under a millimetre).
 */
function castShadow(
  page: Picture,
  pageMm: { widthMm: number; heightMm: number },
  depth: number,
  penumbraMm: number | undefined,
  random: Random,
): (u: number, v: number) => number {
  const mmPerPx = pageMm.widthMm / page.width;
  const [cx, cy] = [random.range(0, pageMm.widthMm), random.range(0, pageMm.heightMm)];
  const [halfWidth, halfHeight] = [random.range(35, 50), random.range(70, 110)];
  const corner = random.range(5, 15);
  const angle = random.range(0, Math.PI);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const penumbra = penumbraMm ?? random.range(0.3, 1);
  return (u, v) => {
    const [dx, dy] = [(u + 0.5) * mmPerPx - cx, (v + 0.5) * mmPerPx - cy];
    // Signed distance to the rounded rectangle's outline, negative inside.
    const qx = Math.abs(dx * cos + dy * sin) - halfWidth + corner;
    const qy = Math.abs(-dx * sin + dy * cos) - halfHeight + corner;
    const distance = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
    const lit = Math.min(1, Math.max(0, distance / penumbra + 0.5));
    return 1 - depth * (1 - lit);
  };
}

/** Where the page's corners land in the frame when a camera tilted by `tilt` looks at it. */
function projectPage(
  pageMm: { widthMm: number; heightMm: number },
  frameWidth: number,
  frameHeight: number,
  tilt: number,
  tiltAxis: number,
  roll: number,
  fill: number,
  random: Random,
): [number, number][] {
  const w = pageMm.widthMm;
  const h = pageMm.heightMm;
  const local = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  // Page plane tilted about an in-plane axis, seen by a pinhole camera at a distance like a phone's (about
  // 1.4 page heights with a 26 mm-equivalent lens), then rolled in the image plane.
  const [ax, ay] = [Math.cos(tiltAxis), Math.sin(tiltAxis)];
  const distance = 1.4 * Math.max(w, h);
  const rotated = local.map(([x, y]) => {
    const along = x! * ax + y! * ay;
    const across = -x! * ay + y! * ax;
    const z = along * Math.sin(tilt);
    const a = along * Math.cos(tilt);
    return [a * ax - across * ay, a * ay + across * ax, z] as const;
  });
  const projected = rotated.map(([x, y, z]) => [x / (distance + z), y / (distance + z)] as const);
  const rolled = projected.map(
    ([x, y]) => [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)] as const,
  );
  const xs = rolled.map((p) => p[0]);
  const ys = rolled.map((p) => p[1]);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const scale = Math.min((fill * frameHeight) / spanY, (0.95 * frameWidth) / spanX);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const freeX = frameWidth - spanX * scale;
  const freeY = frameHeight - spanY * scale;
  const ox = frameWidth / 2 + random.range(-0.4, 0.4) * freeX;
  const oy = frameHeight / 2 + random.range(-0.4, 0.4) * freeY;
  return rolled.map(([x, y]) => [ox + (x - cx) * scale, oy + (y - cy) * scale]);
}

/** The 3×3 homography taking four source points to four destination points. */
function homography(
  from: readonly (readonly [number, number])[],
  to: readonly (readonly [number, number])[],
): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const f = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 9; k++) a[row]![k]! -= f * a[col]![k]!;
    }
  }
  return [...a.map((row, i) => row[8]! / row[i]!), 1];
}

function quadArea(corners: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = corners[i]!;
    const [x1, y1] = corners[(i + 1) % 4]!;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/**
 * Smears the RGB channels along a straight line `length` pixels long at `angle` (the camera moving while the
 * shutter is open): the mean of samples one pixel apart along it, edges clamped.
 */
function motionBlur(picture: Picture, length: number, angle: number) {
  const { width, height, data } = picture;
  const taps = Math.max(2, Math.round(length) + 1);
  const offsets: number[] = [];
  for (let t = 0; t < taps; t++) {
    const along = (t / (taps - 1) - 0.5) * length;
    offsets.push(Math.round(along * Math.cos(angle)), Math.round(along * Math.sin(angle)));
  }
  const source = new Uint8ClampedArray(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let [r, g, b] = [0, 0, 0];
      for (let t = 0; t < taps; t++) {
        const sx = Math.min(width - 1, Math.max(0, x + offsets[2 * t]!));
        const sy = Math.min(height - 1, Math.max(0, y + offsets[2 * t + 1]!));
        const k = (sy * width + sx) * 4;
        r += source[k]!;
        g += source[k + 1]!;
        b += source[k + 2]!;
      }
      const j = (y * width + x) * 4;
      data[j] = r / taps;
      data[j + 1] = g / taps;
      data[j + 2] = b / taps;
    }
  }
}

/** Turns RGBA pixels by 180° in place. */
function reverseInPlace(data: Uint8ClampedArray) {
  const n = data.length / 4;
  for (let i = 0, j = n - 1; i < j; i++, j--) {
    for (let c = 0; c < 4; c++) {
      const t = data[i * 4 + c]!;
      data[i * 4 + c] = data[j * 4 + c]!;
      data[j * 4 + c] = t;
    }
  }
}

/**
 * A streak down the picture at a column within its middle four fifths: 0.5–1 pixel of spread, `depth` deep at its
 * middle, its depth varying by a fifth along it as the dust shifts. Returns the column its middle runs down.
 */
function addStreak(picture: Picture, depth: number, random: Random): number {
  const { width, height, data } = picture;
  const column = random.range(0.1, 0.9) * width;
  const sigma = random.range(0.5, 1);
  const phase = random.range(0, 2 * Math.PI);
  const period = random.range(0.2, 0.5) * height;
  const reach = Math.ceil(4 * sigma);
  for (let row = 0; row < height; row++) {
    const deep = depth * (1 + 0.2 * Math.sin((2 * Math.PI * row) / period + phase));
    for (let col = Math.max(0, Math.floor(column) - reach); col <= Math.min(width - 1, column + reach); col++) {
      const d = col + 0.5 - column;
      const kept = 1 - Math.min(1, deep) * Math.exp((-d * d) / (2 * sigma * sigma));
      const i = (row * width + col) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * kept;
    }
  }
  return column;
}

function addNoise(picture: Picture, amount: number, random: Random) {
  const { data } = picture;
  for (let i = 0; i < data.length; i += 4) {
    const n = random.normal() * amount;
    data[i] = data[i]! + n + random.normal();
    data[i + 1] = data[i + 1]! + n + random.normal();
    data[i + 2] = data[i + 2]! + n + random.normal();
  }
}

/** Adds `amount` times the picture's difference from its Gaussian blur (`sigma` pixels) to its RGB channels. */
export function unsharpMask(picture: Picture, sigma: number, amount: number) {
  const blurred = { ...picture, data: new Uint8ClampedArray(picture.data) };
  blurRgba(blurred, sigma);
  const { data } = picture;
  for (let i = 0; i < data.length; i += 4) {
    for (let c = i; c < i + 3; c++) data[c] = data[c]! + amount * (data[c]! - blurred.data[c]!);
  }
}

/** Gaussian blur of the RGB channels (separable, edges clamped). */
export function blurRgba(picture: Picture, sigma: number) {
  if (sigma < 0.3) return;
  const radius = Math.ceil(sigma * 2.5);
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const { width, height, data } = picture;
  const length = Math.max(width, height);
  const line = new Float32Array((length + 2 * radius) * 3);
  const run = (count: number, size: number, start: (n: number) => number, step: number) => {
    for (let n = 0; n < count; n++) {
      const base = start(n);
      for (let i = -radius; i < size + radius; i++) {
        const k = (Math.min(size - 1, Math.max(0, i)) * step + base) * 4;
        const j = (i + radius) * 3;
        line[j] = data[k]!;
        line[j + 1] = data[k + 1]!;
        line[j + 2] = data[k + 2]!;
      }
      for (let i = 0; i < size; i++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let t = 0; t < kernel.length; t++) {
          const w = kernel[t]!;
          const j = (i + t) * 3;
          r += w * line[j]!;
          g += w * line[j + 1]!;
          b += w * line[j + 2]!;
        }
        const k = (i * step + base) * 4;
        data[k] = r;
        data[k + 1] = g;
        data[k + 2] = b;
      }
    }
  };
  run(height, width, (row) => row * width, 1);
  run(width, height, (col) => col, width);
}
