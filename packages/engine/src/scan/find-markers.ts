import { EngineError } from "../errors.ts";
import type { Layout } from "../template/layout-types.ts";
import { MARKER_CENTRE_RATIO } from "../template/page-geometry.ts";
import { type PagePoint, pagePoint, type ScanPoint, scanPoint } from "../units.ts";
import { adaptiveThreshold } from "./adaptive-threshold.ts";
import { cutRegion } from "./cut-cells.ts";
import type { FoundQrCode } from "./find-qr-code.ts";
import { levelOfShare } from "./grey-levels.ts";
import { type Homography, localScale, pageToScan, solveHomography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { labelComponents } from "./label-components.ts";
import { DARKEST_SHADOW, paperBrightness } from "./normalise-lighting.ts";
import { downscale } from "./to-luminance.ts";

export type Candidate = { x: number; y: number; size: number };

/**
 * The four corner markers in the layout's order. `hidden` is the one that was not seen (covered by a finger, torn off,
 * out of the picture): its point is where the three others and the QR code put it, which is only as good as their
 * extrapolation (the reader places such a page by its boxes too, see readScan).
 */
export type FoundMarkers = { points: [ScanPoint, ScanPoint, ScanPoint, ScanPoint]; hidden?: number };

/**
 * Finds the four corner markers, in the layout's order (top-left, top-right, bottom-right, bottom-left of the
 * page, whatever the page's rotation in the picture): marker-like patterns on the detection image, the four
 * that agree with the QR code, each refined to sub-pixel precision on the full image. Where no four agree, three
 * that agree with the code will do (a finger holding a corner down is in many photos).
 * Throws PAGE_DAMAGED when not even three consistent markers are there.
 */
export function findMarkers(
  full: GreyImage,
  detection: GreyImage,
  factor: number,
  qr: FoundQrCode,
  layout: Layout,
): FoundMarkers {
  const qrBox = layout.qr;
  const qrPage = [
    pagePoint(qrBox.x, qrBox.y),
    pagePoint(qrBox.x + qrBox.width, qrBox.y),
    pagePoint(qrBox.x + qrBox.width, qrBox.y + qrBox.height),
    pagePoint(qrBox.x, qrBox.y + qrBox.height),
  ];
  const qrSidePx = averageSide(qr.corners);
  const markerPx = (layout.markers.sizeMm * qrSidePx) / qrBox.width;
  // Markers are big: look for them where they are about 28 pixels wide, which is plenty and cheap.
  const extra = Math.max(1, Math.floor(markerPx / factor / 28));
  const scale = factor * extra;
  const small = downscale(detection, extra);
  // Candidates on `image`, a part of the small picture whose top-left pixel is (x0, y0) there, in full-size pixels.
  const found = (image: GreyImage, candidatesOf = markerCandidates, x0 = 0, y0 = 0) =>
    candidatesOf(image, markerPx / scale)
      .map((c) => ({ x: (c.x + x0 + 0.5) * scale - 0.5, y: (c.y + y0 + 0.5) * scale - 0.5, size: c.size * scale }))
      // The QR code's finder and alignment patterns look like markers too, but lie inside the symbol, and every
      // marker outside it. (A distance from the code's centre cannot tell them apart on a slanted page: there the
      // code's size is one thing across the line of sight and another along it.)
      .filter((c) => !insideQuadrilateral(qr.corners, c));
  // Nearest the code's scale first, a marker twice as large as far up the list as one half as large.
  const likeliest = (candidates: Candidate[]) =>
    candidates
      .sort((a, b) => Math.abs(Math.log(a.size / markerPx)) - Math.abs(Math.log(b.size / markerPx)))
      .slice(0, 14);
  const centres: PagePoint[] = layout.markers.centers.map((c) => pagePoint(c.x, c.y));
  const agreeing = (best: ReturnType<typeof bestQuadrilateral>) =>
    best !== undefined && best.disagreement <= 0.25 * qrSidePx;
  const agreeingTriangle = () => {
    const three = bestTriangle(likeliest(candidates), centres, qrPage, qr.corners);
    return three && three.disagreement <= 0.25 * qrSidePx ? three : undefined;
  };
  let candidates = found(small);
  let best = bestQuadrilateral(likeliest(candidates), centres, qrPage, qr.corners);
  const add = (more: Candidate[]) => {
    const known = candidates;
    const isNew = (c: Candidate) => !known.some((k) => Math.hypot(c.x - k.x, c.y - k.y) < 0.25 * k.size);
    candidates = [...known, ...more.filter(isNew)];
    best = bestQuadrilateral(likeliest(candidates), centres, qrPage, qr.corners);
  };
  // A marker a hard shadow's edge runs through or beside, as the local threshold sees it, joins the shadow; one a glare
  // veils beside the page's edge looks no darker than the dark table around it. Where three markers agree with the code,
  // they say where the fourth is: it is looked for so there first, in a window a few markers wide (milliseconds, where
  // the whole picture takes hundreds), and where it is not there either, it is hidden (a finger on it, a corner torn or
  // out of the picture) and the page is read by the three.
  const three = agreeing(best) ? undefined : agreeingTriangle();
  if (three) {
    const at = pageToScan(three.h, centres[three.hidden]!);
    const part = windowOf(small, (at.x + 0.5) / scale - 0.5, (at.y + 0.5) / scale - 0.5, (4 * markerPx) / scale);
    for (const share of [...SHADOW_DEPTHS, VEILED_BLACK]) {
      if (agreeing(best) || !part) break;
      add(found(part.image, (image, size) => markerCandidatesUnderShadow(image, size, share), part.x0, part.y0));
    }
    if (!agreeing(best)) return withHidden(full, three, centres, qrPage, qr.corners);
  }
  for (const share of [...SHADOW_DEPTHS, VEILED_BLACK]) {
    if (agreeing(best)) break;
    add(found(small, (image, size) => markerCandidatesUnderShadow(image, size, share)));
  }
  if (!best || !agreeing(best)) {
    const last = agreeingTriangle();
    if (last) return withHidden(full, last, centres, qrPage, qr.corners);
    throw damaged("Three corner markers consistent with the QR code were not found.", {
      candidates: candidates.length,
      disagreement: best?.disagreement,
    });
  }
  const refined = best.markers.map((m) => refineCentre(full, m)) as [ScanPoint, ScanPoint, ScanPoint, ScanPoint];
  return { points: refineInPageSpace(full, refined, centres, layout.markers.sizeMm) };
}

/**
 * Of all sets of three candidates, each taken for every three of the page's corners in their clockwise order, the one
 * whose homography through them and the QR code's corners (seven points, fitted in the least-squares sense) misses
 * them least, by its farthest point. Three markers leave a homography's eight unknowns to the code for the last; the
 * code's corners settle it, and tell a wrong choice, which fits none of the seven.
 */
function bestTriangle(
  candidates: readonly Candidate[],
  centres: readonly PagePoint[],
  qrPage: readonly PagePoint[],
  qrCorners: readonly ScanPoint[],
): { markers: Candidate[]; hidden: number; disagreement: number; h: Homography } | undefined {
  let best: { markers: Candidate[]; hidden: number; disagreement: number; h: Homography } | undefined;
  const n = candidates.length;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        const three = clockwise([candidates[a]!, candidates[b]!, candidates[c]!]);
        if (!three) continue;
        for (let hidden = 0; hidden < 4; hidden++) {
          const seen = [1, 2, 3].map((k) => centres[(hidden + k) % 4]!);
          for (let turn = 0; turn < 3; turn++) {
            const markers = [0, 1, 2].map((i) => three[(i + turn) % 3]!);
            const fit = misfit([...seen, ...qrPage], [...markers.map((m) => scanPoint(m.x, m.y)), ...qrCorners]);
            if (fit && (!best || fit.disagreement < best.disagreement)) best = { markers, hidden, ...fit };
          }
        }
      }
    }
  }
  return best;
}

/**
 * The least-squares homography through the points, and the farthest any scan point lies from where it maps its page
 * point.
 */
function misfit(
  page: readonly PagePoint[],
  scan: readonly ScanPoint[],
): { h: Homography; disagreement: number } | undefined {
  const h = solveHomography(page, scan);
  if (!h) return undefined;
  return { h, disagreement: Math.max(...page.map((p, i) => distance(pageToScan(h, p), scan[i]!))) };
}

/**
 * The part of `image` within `half` pixels of (cx, cy), with its top-left pixel's place; undefined when none of it is
 * in the picture.
 */
function windowOf(
  image: GreyImage,
  cx: number,
  cy: number,
  half: number,
): { image: GreyImage; x0: number; y0: number } | undefined {
  const x0 = Math.max(0, Math.floor(cx - half));
  const y0 = Math.max(0, Math.floor(cy - half));
  const x1 = Math.min(image.width, Math.ceil(cx + half) + 1);
  const y1 = Math.min(image.height, Math.ceil(cy + half) + 1);
  if (!(x1 - x0 >= 8 && y1 - y0 >= 8)) return undefined;
  const width = x1 - x0;
  const data = new Uint8Array(width * (y1 - y0));
  for (let y = y0; y < y1; y++)
    data.set(image.data.subarray(y * image.width + x0, y * image.width + x1), (y - y0) * width);
  return { image: { width, height: y1 - y0, data }, x0, y0 };
}

/** Three points in clockwise order on screen (y down); undefined when they lie in a line. */
function clockwise(points: Candidate[]): Candidate[] | undefined {
  const [p, q, r] = points as [Candidate, Candidate, Candidate];
  const turn = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  if (Math.abs(turn) < 1e-9) return undefined;
  return turn > 0 ? [p, q, r] : [p, r, q];
}

/**
 * Three markers refined as four are (the centroid on the full image), and the hidden one's point where the homography
 * through them and the QR code's corners puts it.
 */
function withHidden(
  full: GreyImage,
  three: { markers: Candidate[]; hidden: number },
  centres: readonly PagePoint[],
  qrPage: readonly PagePoint[],
  qrCorners: readonly ScanPoint[],
): FoundMarkers {
  const seen = [1, 2, 3].map((k) => (three.hidden + k) % 4);
  const refined = three.markers.map((m) => refineCentre(full, m));
  const h = solveHomography([...seen.map((i) => centres[i]!), ...qrPage], [...refined, ...qrCorners]);
  if (!h) throw damaged("Three corner markers consistent with the QR code were not found.");
  const points = centres.map((c) => pageToScan(h, c)) as [ScanPoint, ScanPoint, ScanPoint, ScanPoint];
  for (const [k, i] of seen.entries()) points[i] = refined[k]!;
  return { points, hidden: three.hidden };
}

/**
 * Of all sets of four candidates, in every cyclic order, the one whose homography best maps the layout's QR
 * square onto the QR code found: the markers and the code must tell the same story about the page.
 */
function bestQuadrilateral(
  candidates: Candidate[],
  centres: PagePoint[],
  qrPage: PagePoint[],
  qrCorners: readonly ScanPoint[],
): { markers: Candidate[]; disagreement: number } | undefined {
  let best: { markers: Candidate[]; disagreement: number } | undefined;
  for (const four of convexQuadrilaterals(candidates)) {
    for (const { corners, h } of pageTurns(four, centres)) {
      const disagreement = Math.max(...qrPage.map((p, i) => distance(pageToScan(h, p), qrCorners[i]!)));
      if (!best || disagreement < best.disagreement) best = { markers: corners, disagreement };
    }
  }
  return best;
}

/**
 * The four ways a page may lie on a quadrilateral of candidates (clockwise on screen): its corners in the order of
 * the markers' page `centres`, and the homography that takes the page there.
 */
export function* pageTurns(
  four: readonly Candidate[],
  centres: readonly PagePoint[],
): Generator<{ corners: Candidate[]; h: Homography }> {
  for (let turn = 0; turn < 4; turn++) {
    const corners = [0, 1, 2, 3].map((i) => four[(i + turn) % 4]!);
    const h = solveHomography(
      centres,
      corners.map((m) => scanPoint(m.x, m.y)),
    );
    if (h) yield { corners, h };
  }
}

/** Every convex quadrilateral that four of the candidates make, its corners clockwise on screen. */
export function* convexQuadrilaterals(candidates: readonly Candidate[]): Generator<Candidate[]> {
  const n = candidates.length;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        for (let d = c + 1; d < n; d++) {
          const four = convexOrder([candidates[a]!, candidates[b]!, candidates[c]!, candidates[d]!]);
          if (four) yield four;
        }
      }
    }
  }
}

/** Orders four points clockwise on screen (y down) around their centroid; undefined unless convex. */
function convexOrder(points: Candidate[]): Candidate[] | undefined {
  const cx = points.reduce((s, p) => s + p.x, 0) / 4;
  const cy = points.reduce((s, p) => s + p.y, 0) / 4;
  const sorted = [...points].sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
  for (let i = 0; i < 4; i++) {
    const p = sorted[i]!;
    const q = sorted[(i + 1) % 4]!;
    const r = sorted[(i + 2) % 4]!;
    if ((q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x) <= 0) return undefined;
  }
  return sorted;
}

function damaged(reason: string, details: Record<string, unknown> = {}) {
  return new EngineError("PAGE_DAMAGED", undefined, { reason, ...details });
}

const distance = (a: ScanPoint, b: ScanPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Whether `p` lies inside the convex quadrilateral `corners` (in either winding). */
function insideQuadrilateral(corners: readonly ScanPoint[], p: { x: number; y: number }): boolean {
  let sign = 0;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const side = Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
    if (side === 0) continue;
    if (sign !== 0 && side !== sign) return false;
    sign = side;
  }
  return true;
}

function averageSide(c: readonly ScanPoint[]): number {
  return (distance(c[0]!, c[1]!) + distance(c[1]!, c[2]!) + distance(c[2]!, c[3]!) + distance(c[3]!, c[0]!)) / 4;
}

/**
 * How many times nearer the camera one part of a photographed page may be than another, which makes a marker there
 * look as many times larger than the QR code's scale says (a pinhole camera's scale goes as one over the distance):
 * a page tilted 45° under a phone held a page height above its centre has its near corner 2.5 times nearer than its
 * far corner.
 */
const DEPTH_RATIO = 2.5;

/**
 * How many times narrower along the line of sight than across it a marker may look: a square seen at an angle φ off
 * its normal is foreshortened to cos φ. The far corner of the page above is seen 62° off (45° of tilt and 17° off the
 * lens's axis); allowed for are 70° (cos 70° ≈ 1/3), a still steeper photo.
 */
const FORESHORTENING = 3;

/**
 * Everything on the detection image that looks like a marker: a dark square ring around a separate dark
 * centre, about the expected size (perspective may scale it either way, and foreshorten it).
 */
export function markerCandidates(image: GreyImage, expectedSize: number): Candidate[] {
  const radius = Math.max(4, Math.round(expectedSize * 1.5));
  return candidatesIn(adaptiveThreshold(image, radius, 0.75, 18), image.width, image.height, expectedSize);
}

/**
 * The darkest a shadow may leave the paper, as markerCandidatesUnderShadow is tried in turn: a third of the light (a
 * lamp's shadow in a lit room), then the darkest shadow the lighting allows (a desk lamp the only light). Printed
 * black reads a tenth or two of the paper around it, so the second level loses the greyer prints of a blurred photo,
 * and is tried only when the first found no four markers agreeing with the code.
 */
const SHADOW_DEPTHS = [0.3, DARKEST_SHADOW];

/**
 * The palest a marker's black may look against the paper around it under a glare, which adds the same light over
 * print and paper: under a veil of half the paper's light, black printed at a tenth of the paper reads over half of it.
 * Near the page's edge the local threshold's window takes in the dark table, and its mean falls below such a grey
 * marker (a page a flash lit from far: one marker in the glare was not found, and the page not read). Against the
 * paper's own brightness the marker still lies below this share. Tried after the shadows' levels, and only when they
 * found no four markers agreeing with the code: at this share a shadow's inside reads as print.
 */
const VEILED_BLACK = 0.75;

/**
 * Marker candidates on a picture with a hard shadow across a marker: its edge passing through the marker darkens
 * part of the white between ring and centre, which the local threshold above then joins to both. Divided by the
 * paper's brightness (a closing wider than a marker, which keeps the shadow's edge where it is) the printed black
 * reads a tenth or two of the paper around it, a shadow `darkestShadow` or more, and the white a shadow reaches too
 * narrow for the closing to see as paper still reads at its shadow's level, relative to lit paper. Under a glare
 * (`darkestShadow` VEILED_BLACK) the same division finds a marker the glare greyed.
 */
export function markerCandidatesUnderShadow(
  image: GreyImage,
  expectedSize: number,
  darkestShadow = SHADOW_DEPTHS[0]!,
): Candidate[] {
  const { width, height, data } = image;
  const paper = paperBrightness({ width, height, data: Float32Array.from(data) }, Math.ceil(expectedSize));
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) if (data[i]! < darkestShadow * paper[i]!) mask[i] = 1;
  return candidatesIn(mask, width, height, expectedSize);
}

/** What in a mask of dark pixels looks like a marker (see markerCandidates). */
function candidatesIn(mask: Uint8Array, width: number, height: number, expectedSize: number): Candidate[] {
  const parts = labelComponents(mask, width, height);
  const out: Candidate[] = [];
  for (let l = 1; l <= parts.count; l++) {
    const w = parts.maxX[l]! - parts.minX[l]! + 1;
    const h = parts.maxY[l]! - parts.minY[l]! + 1;
    const size = Math.sqrt(w * h);
    if (
      size < (expectedSize * 0.45) / DEPTH_RATIO ||
      size > expectedSize * 1.9 * DEPTH_RATIO ||
      w > FORESHORTENING * h ||
      h > FORESHORTENING * w ||
      size < 6
    ) {
      continue;
    }
    const fill = parts.area[l]! / (w * h);
    if (fill < 0.3 || fill > 0.9) continue;
    const cx = (parts.minX[l]! + parts.maxX[l]!) / 2;
    const cy = (parts.minY[l]! + parts.maxY[l]!) / 2;
    const inner = parts.labels[Math.round(cy) * width + Math.round(cx)]!;
    if (!inner || inner === l) continue;
    const iw = parts.maxX[inner]! - parts.minX[inner]! + 1;
    const ih = parts.maxY[inner]! - parts.minY[inner]! + 1;
    const ratio = Math.sqrt(iw * ih) / size;
    if (ratio < MARKER_CENTRE_RATIO * 0.5 || ratio > MARKER_CENTRE_RATIO * 1.7) continue;
    const ix = parts.sumX[inner]! / parts.area[inner]!;
    const iy = parts.sumY[inner]! / parts.area[inner]!;
    if (Math.hypot(ix - cx, iy - cy) > 0.15 * size) continue;
    const ox = parts.sumX[l]! / parts.area[l]!;
    const oy = parts.sumY[l]! / parts.area[l]!;
    const total = parts.area[l]! + parts.area[inner]!;
    out.push({
      x: (ox * parts.area[l]! + ix * parts.area[inner]!) / total,
      y: (oy * parts.area[l]! + iy * parts.area[inner]!) / total,
      size,
    });
  }
  return out;
}

/** A picture the centroid can be taken on: the full scan, or a rectified patch of it. */
type Plane = { width: number; height: number; data: Uint8Array | Float32Array };

/**
 * Sub-pixel centre of a marker: the darkness-weighted centroid of the marker's own pixels (its square ring
 * and centre, with a two-pixel fringe for the anti-aliased edges) in a window around (cx, cy). The pattern is
 * point-symmetric, so its centroid is its centre; nothing else near it (the QR code, a shadow) can pull it.
 */
function markerCentroid(image: Plane, cx: number, cy: number, half: number): { x: number; y: number } | undefined {
  const x0 = Math.max(0, Math.round(cx) - half);
  const x1 = Math.min(image.width - 1, Math.round(cx) + half);
  const y0 = Math.max(0, Math.round(cy) - half);
  const y1 = Math.min(image.height - 1, Math.round(cy) + half);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const patch = new Float32Array(w * h);
  // Row by row with the typed arrays' own copy: an element loop over either kind of picture ran polymorphic.
  for (let y = 0; y < h; y++) {
    const from = (y + y0) * image.width + x0;
    patch.set(image.data.subarray(from, from + w), y * w);
  }
  // Judged against the paper under each pixel, so a shadow's edge across the window neither joins the ring nor
  // weighs in the centroid. The marker's widest dark part (its centre) is 0.3 of it, and the window 1.6 of it.
  // Light that changes smoothly over the window (the usual case) is a plane fitted to the paper along its border;
  // only a window that plane does not explain (a shadow's edge, print on the border) needs the closing.
  const paper =
    paperPlane(patch, w, h) ?? paperBrightness({ width: w, height: h, data: patch }, Math.max(1, Math.round(0.13 * w)));
  const values = new Float32Array(w * h);
  const histogram = new Uint32Array(256);
  againstPaper(patch, paper, values, histogram);
  const lo = levelOfShare(histogram, w * h, 0.05);
  const hi = levelOfShare(histogram, w * h, 0.95);
  if (hi - lo < 10) return undefined;
  const mid = (lo + hi) / 2;
  const dark = new Uint8Array(w * h);
  darkerThan(values, mid, dark);
  const parts = labelComponents(dark, w, h);
  const lx = Math.min(w - 1, Math.max(0, Math.round(cx) - x0));
  const ly = Math.min(h - 1, Math.max(0, Math.round(cy) - y0));
  // The ring is the largest dark part around the centre; the centre dot is the part at the centre.
  let ring = 0;
  for (let l = 1; l <= parts.count; l++) {
    const around = parts.minX[l]! < lx && parts.maxX[l]! > lx && parts.minY[l]! < ly && parts.maxY[l]! > ly;
    if (around && (!ring || parts.area[l]! > parts.area[ring]!)) ring = l;
  }
  if (!ring) return undefined;
  const dot = parts.labels[ly * w + lx]!;
  const member = new Uint8Array(w * h);
  membersOf(parts.labels, ring, dot, member);
  const fringe = dilate(member, w, h, 2);
  const sums = new Float64Array(3);
  weighFringe(values, fringe, w, x0, y0, hi, lo, sums);
  const [sw = 0, sx = 0, sy = 0] = sums;
  return sw > 0 ? { x: sx / sw, y: sy / sw } : undefined;
}

/**
 * Adds up the darkness weights of the fringe's pixels (from 0 at `hi` to 1 at `lo`) into sums[0], and each weight
 * times its pixel's x and y in the picture (the window's corner at x0, y0) into sums[1] and sums[2]. One flat loop
 * with nothing after it (see the note after markerCentroid): nested, its inner loop was thrown away at each row's end.
 */
function weighFringe(
  values: Float32Array,
  fringe: Uint8Array,
  w: number,
  x0: number,
  y0: number,
  hi: number,
  lo: number,
  sums: Float64Array,
) {
  for (let i = 0, x = 0, y = 0; i < values.length; i++, x++) {
    if (x === w) {
      x = 0;
      y++;
    }
    if (!fringe[i]) continue;
    const share = (hi - values[i]!) / (hi - lo);
    const weight = share > 0 ? (share < 1 ? share : 1) : 0;
    sums[0] = sums[0]! + weight;
    sums[1] = sums[1]! + weight * (x + x0);
    sums[2] = sums[2]! + weight * (y + y0);
  }
}

// markerCentroid's loops over its window are functions of their own with nothing after the loop: V8 compiles a hot
// loop on its own while it runs, and such code with more after it was thrown away call after call in a fresh process,
// leaving the loops that followed to run unoptimised.

/** The paper along a marker window's border lies within this share of the plane fitted to it where light is smooth. */
const PLANE_FIT = 0.08;

/**
 * The paper's brightness under each pixel of a marker window as a plane fitted (least squares) to the band of paper
 * two pixels wide along its border, or undefined where 10 % of that band lies more than PLANE_FIT off the plane: a
 * shadow's edge across the window crosses the band, and so does print.
 */
export function paperPlane(patch: Float32Array, w: number, h: number): Float32Array | undefined {
  if (w < 5 || h < 5) return undefined;
  // Normal equations of level = a + b·x + c·y over the band.
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let sv = 0;
  let sxv = 0;
  let syv = 0;
  forBorder(w, h, (x, y, i) => {
    const v = patch[i]!;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sv += v;
    sxv += x * v;
    syv += y * v;
  });
  const plane = solve3([n, sx, sy, sx, sxx, sxy, sy, sxy, syy], [sv, sxv, syv]);
  if (!plane) return undefined;
  const [a, b, c] = plane;
  let off = 0;
  forBorder(w, h, (x, y, i) => {
    const level = a + b * x + c * y;
    if (Math.abs(patch[i]! - level) > PLANE_FIT * level) off++;
  });
  if (off > 0.1 * n) return undefined;
  const paper = new Float32Array(w * h);
  for (let y = 0, i = 0; y < h; y++) for (let x = 0; x < w; x++, i++) paper[i] = a + b * x + c * y;
  return paper;
}

/** Calls `visit` with each pixel (x, y, index) of the band two pixels wide along a w × h window's border. */
function forBorder(w: number, h: number, visit: (x: number, y: number, i: number) => void) {
  for (let y = 0; y < h; y++) {
    const whole = y < 2 || y >= h - 2;
    for (let x = 0; x < w; x++) {
      if (!whole && x === 2) x = w - 2;
      visit(x, y, y * w + x);
    }
  }
}

/** Solves the 3 × 3 system m·v = r (m row by row) by Cramer's rule; undefined when it is singular. */
function solve3(m: number[], r: number[]): [number, number, number] | undefined {
  const det3 = (k: number[]) =>
    k[0]! * (k[4]! * k[8]! - k[5]! * k[7]!) -
    k[1]! * (k[3]! * k[8]! - k[5]! * k[6]!) +
    k[2]! * (k[3]! * k[7]! - k[4]! * k[6]!);
  const d = det3(m);
  if (Math.abs(d) < 1e-9) return undefined;
  const column = (j: number) => m.map((value, k) => (k % 3 === j ? r[Math.floor(k / 3)]! : value));
  return [det3(column(0)) / d, det3(column(1)) / d, det3(column(2)) / d];
}

/** Each pixel's level against the paper under it (0–255 for paper), into `values`, and their histogram. */
function againstPaper(patch: Float32Array, paper: Float32Array, values: Float32Array, histogram: Uint32Array) {
  for (let i = 0; i < values.length; i++) {
    // Comparisons rather than Math.max and Math.min: without TurboFan (the command line) those are calls.
    const p = paper[i]!;
    const v = (255 * patch[i]!) / (p > 1 ? p : 1);
    values[i] = v;
    const level = v | 0;
    histogram[level < 0 ? 0 : level > 255 ? 255 : level]!++;
  }
}

/** Marks in `dark` the pixels whose value is below `mid`. */
function darkerThan(values: Float32Array, mid: number, dark: Uint8Array) {
  for (let i = 0; i < dark.length; i++) dark[i] = values[i]! < mid ? 1 : 0;
}

/** Marks in `member` the pixels of the ring and of the centre dot (label 0 is no dot). */
function membersOf(labels: Int32Array, ring: number, dot: number, member: Uint8Array) {
  for (let i = 0; i < member.length; i++) {
    const l = labels[i]!;
    if (l === ring || (l === dot && dot !== 0)) member[i] = 1;
  }
}

function refineCentre(image: GreyImage, candidate: Candidate): ScanPoint {
  let centre = { x: candidate.x, y: candidate.y };
  const half = Math.max(4, Math.round(candidate.size * 0.8));
  for (let pass = 0; pass < 2; pass++) {
    const found = markerCentroid(image, centre.x, centre.y, half);
    if (!found) break;
    // The window is placed by the rounded centre: where that stays, a second pass would find the same point.
    const same = Math.round(found.x) === Math.round(centre.x) && Math.round(found.y) === Math.round(centre.y);
    centre = found;
    if (same) break;
  }
  return scanPoint(centre.x, centre.y);
}

/** A marker moved less than this (scan pixels) by a pass of refineInPageSpace is where it will stay. */
const SETTLED_PX = 0.02;

/**
 * Takes each marker's centroid again on a patch rectified through the homography of all four. In the
 * picture, perspective makes the near half of a marker larger than the far half and pulls its centroid off
 * the centre by a fraction of a pixel, which is a visible shift for thin strokes; on the rectified patch the
 * marker is square again and its centroid is its centre.
 */
export function refineInPageSpace(
  full: GreyImage,
  markers: [ScanPoint, ScanPoint, ScanPoint, ScanPoint],
  centres: readonly PagePoint[],
  sizeMm: number,
): [ScanPoint, ScanPoint, ScanPoint, ScanPoint] {
  let current = markers;
  for (let pass = 0; pass < 2; pass++) {
    const before = current;
    const h = solveHomography(centres, current);
    if (!h) return current;
    const pxPerMm = Math.min(16, Math.max(8, localScale(h, centres[0]!)));
    current = centres.map((centre, i) => {
      const span = 1.6 * sizeMm;
      const patch = cutRegion(
        full,
        h,
        { x: centre.x - span / 2, y: centre.y - span / 2, width: span, height: span },
        pxPerMm,
      );
      const middle = (patch.width - 1) / 2;
      const found = markerCentroid(patch, middle, middle, Math.round(0.8 * sizeMm * pxPerMm));
      if (!found) return current[i]!;
      return pageToScan(
        h,
        pagePoint(centre.x - span / 2 + (found.x + 0.5) / pxPerMm, centre.y - span / 2 + (found.y + 0.5) / pxPerMm),
      );
    }) as [ScanPoint, ScanPoint, ScanPoint, ScanPoint];
    // A pass that moved no marker by a fiftieth of a pixel (a flat scan, usually) leaves the next nothing to do.
    if (current.every((c, i) => Math.hypot(c.x - before[i]!.x, c.y - before[i]!.y) < SETTLED_PX)) break;
  }
  return current;
}

/** Grows a mask by `radius` pixels in every direction (a square), separably. */
function dilate(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const across = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) growLine(mask, across, y * w, 1, w, radius);
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) growLine(across, out, x, w, h, radius);
  return out;
}

/**
 * Marks in `out` every place of one line (`count` values from `start`, `step` apart) within `radius` of a set place
 * of `mask`: the distance to the nearest set place behind, then ahead, counted in one pass each way.
 */
function growLine(mask: Uint8Array, out: Uint8Array, start: number, step: number, count: number, radius: number) {
  for (let i = 0, k = start, since = radius + 1; i < count; i++, k += step) {
    since = mask[k] ? 0 : since + 1;
    if (since <= radius) out[k] = 1;
  }
  for (let i = count - 1, k = start + i * step, since = radius + 1; i >= 0; i--, k -= step) {
    since = mask[k] ? 0 : since + 1;
    if (since <= radius) out[k] = 1;
  }
}
