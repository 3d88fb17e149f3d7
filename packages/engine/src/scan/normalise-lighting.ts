import type { FloatImage } from "./images.ts";
import { closing, maxFilter, minFilter } from "./rank-filter.ts";

/**
 * Blocks this much darker than the brightest block of the cell mean the light is uneven within it: a shadow's edge
 * (or ink covering a block), which interpolating between block centres smears over a block or two.
 */
const EVEN_LIGHT = 0.85;
/** Radius of the closing that follows a shadow's edge, in blocks: removes strokes up to 1.2 blocks (3 mm) wide. */
const CLOSING_RADIUS_BLOCKS = 0.6;
/**
 * Paper found by the closing darker than this share of the block estimate is not paper in a shadow but a blot of ink
 * wider than the closing removes, black ink being a tenth of the paper or less where it covers it. A hand's or a
 * phone's shadow keeps the light the room gives besides the lamp: a third and more in a lit room, down to a fifth
 * with a desk lamp the only light (0.3 here took such a shadow's inside for ink wherever its edge crossed a box: 764
 * of 868 glyphs whole on photos with a shadow keeping a quarter of the light, 743 of 744 at 0.15). Lighter blots are
 * told from shadows by their extent (see inkIslands).
 */
export const DARKEST_SHADOW = 0.15;

/**
 * A picture divided by its paper; where the light within it is uneven, also what each pixel was divided by (`levels`)
 * and the brightest paper's level (`lit`). The sensor's noise does not dim with the light, so divided by a shadow's
 * paper it grows by as much as the light fell: lit / level (see findFaintStrokes); and the levels step along a
 * shadow's edge (see shadowEdgeZone).
 */
export type NormalisedPicture = FloatImage & { dividedBy?: { levels: Float32Array; lit: number; edgeReach: number } };

/**
 * How far each way a shadow's edge is looked for, as a share of a block (0.3 mm at the reader's blocks of 2.5 mm): a
 * penumbra and the pixel or two the paper's estimate may stand off it.
 */
const EDGE_REACH_BLOCKS = 0.12;
/**
 * Paper stepping by this share within that reach is a shadow's edge: light falling off across a page (a lamp to one
 * side, a lens's vignetting) changes a few hundredths over a centimetre.
 */
const EDGE_STEP = 0.15;

/**
 * Divides a cell's picture by its paper brightness so paper reads 1 and ink a fraction of it, whatever the
 * shadows and the exposure. Paper brightness is a high percentile of blocks a few millimetres wide (taken from a
 * neighbour where ink covers a block) interpolated between block centres. Where the light changes sharply within
 * the cell (a hand's or a phone's shadow), that estimate would put a dark band along the shadow's edge or wash
 * out ink beside it, so paper is taken instead from a greyscale closing of the picture, which keeps a shadow's
 * edge where it is while it removes the strokes; `widened`, where the caller can cut the same picture `margin` pixels
 * wider on every side, lets the closing see past the picture's edges (see paperAround).
 * Returns the median paper level too, so the page can tell uneven lighting.
 */
export function normaliseLighting(
  image: FloatImage,
  blockPx: number,
  widened?: (margin: number) => FloatImage,
): { image: NormalisedPicture; paperLevel: number } {
  const { width, height, data } = image;
  const bw = Math.max(1, Math.round(width / blockPx));
  const bh = Math.max(1, Math.round(height / blockPx));
  const levels = new Float32Array(bw * bh);
  const histogram = new Uint32Array(257);
  for (let by = 0; by < bh; by++) {
    const y0 = Math.floor((by * height) / bh);
    const y1 = Math.floor(((by + 1) * height) / bh);
    for (let bx = 0; bx < bw; bx++) {
      const x0 = Math.floor((bx * width) / bw);
      const x1 = Math.floor(((bx + 1) * width) / bw);
      histogram.fill(0);
      for (let y = y0; y < y1; y++) {
        const row = y * width;
        // Values are bilinear mixes of 8-bit pixels: 0–255 already.
        for (let x = x0; x < x1; x++) histogram[data[row + x]! | 0]!++;
      }
      const target = (x1 - x0) * (y1 - y0) * 0.9;
      let seen = 0;
      let level = 255.5;
      for (let v = 0; v < 256; v++) {
        seen += histogram[v]!;
        if (seen >= target) {
          level = v + 0.5;
          break;
        }
      }
      levels[by * bw + bx] = level;
    }
  }
  // A block mostly covered by ink reads far darker than its neighbours: take the brightest neighbour there.
  // Elsewhere keep the block's own level, so a shadow's gradient is followed, not flattened.
  const spread = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let best = 1;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) {
        for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++)
          best = Math.max(best, levels[y * bw + x]!);
      }
      const own = levels[by * bw + bx]!;
      spread[by * bw + bx] = own < 0.8 * best ? best : own;
    }
  }
  // Bilinear interpolation between block centres, with the column weights computed once.
  const column0 = new Int32Array(width);
  const column1 = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(bw - 1, Math.max(0, ((x + 0.5) * bw) / width - 0.5));
    column0[x] = gx | 0;
    column1[x] = Math.min(bw - 1, (gx | 0) + 1);
    columnWeight[x] = gx - (gx | 0);
  }
  const rowLevels = new Float32Array(bw);
  const out = new Float32Array(width * height);
  let darkest = Number.POSITIVE_INFINITY;
  let brightest = 0;
  for (const level of levels) {
    darkest = Math.min(darkest, level);
    brightest = Math.max(brightest, level);
  }
  const paper =
    darkest < EVEN_LIGHT * brightest
      ? paperAround(image, Math.max(1, Math.round(CLOSING_RADIUS_BLOCKS * blockPx)), widened)
      : null;
  // The blocks' level between block centres, a row of pixels at a time.
  const levelsOfRow = (y: number, levels: Float64Array) => {
    const gy = Math.min(bh - 1, Math.max(0, ((y + 0.5) * bh) / height - 0.5));
    const r0 = (gy | 0) * bw;
    const r1 = Math.min(bh - 1, (gy | 0) + 1) * bw;
    const fy = gy - (gy | 0);
    for (let bx = 0; bx < bw; bx++) rowLevels[bx] = spread[r0 + bx]! + (spread[r1 + bx]! - spread[r0 + bx]!) * fy;
    for (let x = 0; x < width; x++) {
      const a = rowLevels[column0[x]!]!;
      levels[x] = a + (rowLevels[column1[x]!]! - a) * columnWeight[x]!;
    }
  };
  const islands = paper && inkIslands(paper, width, height, levelsOfRow);
  const pixelLevels = new Float64Array(width);
  // The level each pixel was divided by, kept where the closing's paper was used, to find the shadow's edges in.
  const used = paper && new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    levelsOfRow(y, pixelLevels);
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let level = pixelLevels[x]!;
      if (paper && !islands![row + x] && paper[row + x]! >= DARKEST_SHADOW * level) level = paper[row + x]!;
      if (used) used[row + x] = level;
      out[row + x] = data[row + x]! / level;
    }
  }
  const sorted = Array.from(spread).sort((a, b) => a - b);
  const normalised: NormalisedPicture = { width, height, data: out };
  if (used) {
    const edgeReach = Math.max(1, Math.round(EDGE_REACH_BLOCKS * blockPx));
    normalised.dividedBy = { levels: used, lit: brightest, edgeReach };
  }
  return { image: normalised, paperLevel: sorted[sorted.length >> 1]! };
}

/**
 * Where a normalised picture's paper level steps by EDGE_STEP within its edge reach (1): along a shadow's edge.
 * Dividing by the closing's paper leaves no band there, but the paper's estimate may stand a pixel off the edge, and
 * what that leaves (a thin line a few hundredths darker than paper, broken by the noise) is as deep as a pale pencil's
 * stroke: in a blank box a faint reading kept it as a letter (see findFaintStrokes). Undefined where the light is even.
 */
export function shadowEdgeZone({ width, height, dividedBy }: NormalisedPicture): Uint8Array | undefined {
  if (!dividedBy) return undefined;
  const { levels, edgeReach } = dividedBy;
  const high = maxFilter(levels, width, height, edgeReach);
  const low = minFilter(levels, width, height, edgeReach);
  const zone = new Uint8Array(width * height);
  for (let i = 0; i < zone.length; i++) if (high[i]! > (1 + EDGE_STEP) * low[i]!) zone[i] = 1;
  return zone;
}

/**
 * Paper the closing finds this much darker than the blocks' level is in shade: a shadow's, or ink wider than the
 * closing removes.
 */
const SHADE = 0.85;

/**
 * Where the closing's paper is ink, not shade: shade (see SHADE) that does not reach the picture's border. A shadow is
 * cast by something larger than a box (a hand, a phone) and runs into the picture from beyond it; ink wider than the
 * closing removes (a felt-tip's filled "o", a heavy dot) lies within the box. Such a blot lighter than DARKEST_SHADOW
 * of the light (a blue or red marker in a photo) read as a shadow: divided by itself, its middle read as paper.
 */
function inkIslands(
  paper: Float32Array,
  width: number,
  height: number,
  levelsOfRow: (y: number, levels: Float64Array) => void,
): Uint8Array {
  // 1: shade; 2: shade reached from the border.
  const marks = new Uint8Array(width * height);
  const levels = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    levelsOfRow(y, levels);
    for (let x = 0; x < width; x++) if (paper[y * width + x]! < SHADE * levels[x]!) marks[y * width + x] = 1;
  }
  const stack: number[] = [];
  const reach = (i: number) => {
    if (marks[i] !== 1) return;
    marks[i] = 2;
    stack.push(i);
  };
  for (let x = 0; x < width; x++) {
    reach(x);
    reach((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    reach(y * width);
    reach(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) reach(i - 1);
    if (x < width - 1) reach(i + 1);
    if (i >= width) reach(i - width);
    if (i + width < marks.length) reach(i + width);
  }
  for (let i = 0; i < marks.length; i++) marks[i] = marks[i] === 1 ? 1 : 0;
  return marks;
}

/**
 * The paper's brightness under each pixel, for a picture of dark marks narrower than 2 × `radius` + 1 pixels on
 * paper: a greyscale closing of the picture (smoothed first so it follows the paper, not its grain). Unlike a
 * blurred or block-wise estimate, it keeps a shadow's edge exactly where it is, so dividing by it leaves no band.
 * A shadow's corner sharper than the closing's square is filled a little (its tip reads as a faint blot).
 */
export function paperBrightness(image: FloatImage, radius: number) {
  return closing(boxBlur(image.data, image.width, image.height, 1), image.width, image.height, radius);
}

/**
 * paperBrightness of a picture, taken where the picture is known (`widened`) on the picture cut wider by the closing's
 * reach: a closing repeats the picture's edges outward, so a shadow's edge leaving the picture at a slant turned
 * there into a corner, which the closing filled with the light beside it (a blot of ink at the picture's edge, with
 * the guides and borders printed in it). Cut wider, the shadow runs on as it does on the page.
 */
function paperAround(image: FloatImage, radius: number, widened?: (margin: number) => FloatImage): Float32Array {
  if (!widened) return alongShadowEdges(paperBrightness(image, radius), image.width, image.height, radius);
  // The smoothing reaches one pixel, the closing `radius` twice over (its maximum, then its minimum).
  const margin = 2 * radius + 1;
  const wide = widened(margin);
  const { width, height } = image;
  const inner = { x0: margin, y0: margin, x1: margin + width, y1: margin + height };
  const closed = alongShadowEdges(paperBrightness(wide, radius), wide.width, wide.height, radius, inner);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y + margin) * wide.width + margin;
    out.set(closed.subarray(from, from + width), y * width);
  }
  return out;
}

/** Paper stepping by this share of the light over one closing radius is at a shadow's edge. */
const STEEP = 0.06;
/** How far paper is compared along a shadow's edge each way, in closing radii (3 mm at the reader's blocks). */
const ALONG_RADII = 2;
/** Stride of the walk along the edge, in pixels. */
const WALK_STRIDE = 2;
/**
 * The walk along a shadow's edge follows the level lines of the paper smoothed over this many closing radii (a box of
 * that radius, twice): over one, they followed a stroke's dent in the edge as the edge (see alongShadowEdges).
 */
const EDGE_SCALE_RADII = 2;
/** Paper along the edge must be brighter by this share of the light to count: the sensor's noise, a few levels. */
const NOISE = 0.01;
/** Paper within this share of the brightest paper around it is the light's already. */
const LIT = 0.98;

/**
 * The paper under a shadow's edge, mended where a stroke runs along the edge's lit side. There the stroke, lighter
 * than the shadow or not, sits between the light and the shadow, and the closing takes it for the shadow's rim: the
 * edge moves onto the stroke's lit side and the stroke reads as paper (a gap in the letter), while nothing in the
 * grey levels across the edge tells the two apart. Along the edge they differ: a shadow cast by a hand or a phone
 * runs on smoothly for centimetres, a stroke beside it for a few millimetres. So where the paper is dark, the light
 * is within a closing radius and the paper is steep (smoothed over a closing radius), paper is compared along the
 * edge ALONG_RADII closing radii each way, following the level lines of the paper smoothed over EDGE_SCALE_RADII (so
 * a rounded corner is followed round, not cut across, and a stroke's dent in the edge is passed, not followed round):
 * where most of that is brighter than the pixel by more than the noise, the pixel takes its median. Past the
 * stroke's ends the walk runs through the edge itself, so a stroke's dent is raised to about the edge's middle, not to
 * the full light: enough for a stroke darker than the shadow to read as ink again; one as light as the shadow mostly
 * stays lost. Only pixels within `inner` are mended (the part of a widened cut that is read); the walk reads the
 * paper around it too.
 */
function alongShadowEdges(
  paper: Float32Array,
  width: number,
  height: number,
  radius: number,
  inner = { x0: 0, y0: 0, x1: width, y1: height },
): Float32Array {
  const reach = Math.round(ALONG_RADII * radius);
  const brightest = maxFilter(paper, width, height, reach);
  const near = maxFilter(paper, width, height, radius);
  let candidates = false;
  for (let y = inner.y0; y < inner.y1 && !candidates; y++) {
    for (let i = y * width + inner.x0; i < y * width + inner.x1; i++) {
      const lit = LIT * brightest[i]!;
      if (paper[i]! < lit && near[i]! >= lit) {
        candidates = true;
        break;
      }
    }
  }
  if (!candidates) return paper;
  const steep = smoothedGradient(paper, width, height, Math.max(1, radius >> 1));
  const edgeRadius = Math.max(1, Math.round(EDGE_SCALE_RADII * radius));
  const [gradientX, gradientY] = smoothedGradient(paper, width, height, edgeRadius);
  const steps = Math.floor(reach / WALK_STRIDE);
  const samples = new Float32Array(2 * steps + 1);
  let out: Float32Array | null = null;
  for (let y = inner.y0; y < inner.y1; y++) {
    for (let x = inner.x0; x < inner.x1; x++) {
      const i = y * width + x;
      const own = paper[i]!;
      const lit = LIT * brightest[i]!;
      if (own >= lit || near[i]! < lit) continue;
      // Lengths as square roots: Math.hypot, careful of overflow no gradient here comes near, costs ten times as much.
      const [sx, sy] = [steep[0][i]!, steep[1][i]!];
      if (Math.sqrt(sx * sx + sy * sy) * radius < STEEP * brightest[i]!) continue;
      const steepness = Math.sqrt(gradientX[i]! * gradientX[i]! + gradientY[i]! * gradientY[i]!);
      if (steepness === 0) continue;
      let count = 0;
      let brighter = 0;
      samples[count++] = own;
      const raised = own + NOISE * brightest[i]!;
      // Samples not yet taken, on this side and the other: once even all of them could not make the brighter ones a
      // majority, the pixel stays as it is.
      let left = 2 * steps;
      walk: for (let side = 1; side >= -1; side -= 2) {
        let tx = (-gradientY[i]! / steepness) * side;
        let ty = (gradientX[i]! / steepness) * side;
        let px = x;
        let py = y;
        for (let k = 0; k < steps; k++) {
          px += tx * WALK_STRIDE;
          py += ty * WALK_STRIDE;
          const ix = Math.round(px);
          const iy = Math.round(py);
          if (ix < 0 || iy < 0 || ix >= width || iy >= height) {
            left -= steps - k;
            break;
          }
          const at = iy * width + ix;
          const value = paper[at]!;
          samples[count++] = value;
          if (value > raised) brighter++;
          left--;
          if (2 * brighter + left <= count) break walk;
          // The edge curves: turn with its level line, keeping the direction of the walk.
          const length = Math.sqrt(gradientX[at]! * gradientX[at]! + gradientY[at]! * gradientY[at]!);
          if (length === 0) continue;
          const turn = (gradientX[at]! * ty - gradientY[at]! * tx < 0 ? -1 : 1) / length;
          tx = -gradientY[at]! * turn;
          ty = gradientX[at]! * turn;
        }
      }
      if (2 * brighter <= count) continue;
      out ??= Float32Array.from(paper);
      out[i] = medianOf(samples, count);
    }
  }
  return out ?? paper;
}

/**
 * The gradient (x, then y) of a picture smoothed by a box of `radius` twice, by central differences (one-sided at the
 * border).
 */
function smoothedGradient(
  data: Float32Array,
  width: number,
  height: number,
  radius: number,
): [Float32Array, Float32Array] {
  const picture = boxBlur(boxBlur(data, width, height, radius), width, height, radius);
  const gradientX = new Float32Array(width * height);
  const gradientY = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = (y > 0 ? y - 1 : y) * width;
    const down = (y + 1 < height ? y + 1 : y) * width;
    const perRow = down - up === 2 * width ? 0.5 : 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = x > 0 ? x - 1 : x;
      const right = x + 1 < width ? x + 1 : x;
      gradientX[row + x] = (picture[row + right]! - picture[row + left]!) / (right - left || 1);
      gradientY[row + x] = (picture[down + x]! - picture[up + x]!) * perRow;
    }
  }
  return [gradientX, gradientY];
}

/** The median of the first `count` values (sorted in place: count is a few dozen). */
function medianOf(values: Float32Array, count: number): number {
  for (let i = 1; i < count; i++) {
    const value = values[i]!;
    let j = i - 1;
    for (; j >= 0 && values[j]! > value; j--) values[j + 1] = values[j]!;
    values[j + 1] = value;
  }
  return values[count >> 1]!;
}

/** The mean over a square of side 2 × `radius` + 1 around each pixel (edges repeated outward). */
function boxBlur(data: Float32Array, width: number, height: number, radius: number): Float32Array {
  const across = new Float32Array(width * height);
  const side = 2 * radius + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += data[row + Math.min(width - 1, Math.max(0, k))]!;
    for (let x = 0; x < width; x++) {
      across[row + x] = sum / side;
      sum += data[row + Math.min(width - 1, x + radius + 1)]! - data[row + Math.max(0, x - radius)]!;
    }
  }
  // Down the columns a row at a time, keeping every column's running sum.
  const out = new Float32Array(width * height);
  // In doubles: sums of a few float pixels stay exact, so a running sum does not drift from a direct one.
  const sums = new Float64Array(width);
  for (let k = -radius; k <= radius; k++) {
    const row = Math.min(height - 1, Math.max(0, k)) * width;
    for (let x = 0; x < width; x++) sums[x] = sums[x]! + across[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const entering = Math.min(height - 1, y + radius + 1) * width;
    const leaving = Math.max(0, y - radius) * width;
    for (let x = 0; x < width; x++) {
      out[row + x] = sums[x]! / side;
      sums[x] = sums[x]! + across[entering + x]! - across[leaving + x]!;
    }
  }
  return out;
}
