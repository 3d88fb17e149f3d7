import { invertHomography, pageToScan, solveHomography } from "../scan/homography.ts";
import {
  CONTENT_BOTTOM_MARGIN_MM,
  CONTENT_SIDE_MARGIN_MM,
  CONTENT_TOP_MM,
  MARKER_INSET_MM,
} from "../template/page-geometry.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { createRandom, type Random } from "./random.ts";
import type { Picture } from "./simulate-capture.ts";

export type CurlOptions = {
  seed: number;
  /**
   * "curl": the page bends across like a sheet from a notebook, resting on the table along one line and rising on
   * both sides of it; "lift": it lies flat but for one edge that rises off the table; "fold": it was folded in half or
   * in three (as for an envelope) and opened again, its halves straight on either side of a crease that shows as a
   * thin line.
   */
  shape?: "curl" | "lift" | "fold";
  /**
   * How far (mm) the worst-placed spot of the box area lands from where the four corner markers put it, i.e. what a
   * reader that trusts one homography gets wrong; default random 2–4.
   */
  displacementMm?: number;
};

/** A page that does not lie flat, as seen from above: its content moved by a smooth bend, and the shading of it. */
export type CurledPage = Picture & {
  /** The misplacement reached (mm), as defined by CurlOptions.displacementMm. */
  displacementMm: number;
  /**
   * Where paper printed at page point (x, y) mm shows, in page mm of the frame the corner markers give: the truth a
   * reader's box positions can be checked against.
   */
  shownAt: (x: number, y: number) => [number, number];
  /** A fold's crease: a point on it and its normal, in page mm as printed. */
  crease?: { point: [number, number]; normal: [number, number] };
};

/**
 * Bends a page out of the table's plane and shows it as a camera about 1.4 page heights above would see it: along the
 * bend the paper keeps its length, so it shortens as it rises, and raised paper comes nearer the lens, so it moves
 * outwards from the point below the camera; it is shaded by its slope. The part of that which one homography
 * explains (any camera pose would) is taken out so that the four corner markers stay where they were printed, and
 * the bend's height is chosen so that the box area ends up `displacementMm` off the markers' homography at its
 * worst. Apply before a capture (capturePhone adds the camera's perspective).
 */
export function curlPage(
  page: Picture,
  pageMm: { widthMm: number; heightMm: number },
  options: CurlOptions,
): CurledPage {
  const random = createRandom(options.seed);
  const shape = options.shape ?? "curl";
  const target = options.displacementMm ?? random.range(2, 4);
  const { widthMm: w, heightMm: h } = pageMm;
  // The bend runs along a direction near one of the page's axes (a curl across the width or the height, an edge
  // lifted on any side).
  // A fold's crease is square to an edge within a hand's care.
  const quarter = shape === "lift" ? Math.floor(random.range(0, 4)) : Math.floor(random.range(0, 2));
  const angle = (quarter * Math.PI) / 2 + (shape === "fold" ? random.range(-0.03, 0.03) : random.range(-0.25, 0.25));
  const [ax, ay] = [Math.cos(angle), Math.sin(angle)];
  const half = Math.abs(ax) * (w / 2) + Math.abs(ay) * (h / 2);
  // Height profile z(t) along the direction, t from the page centre, in units of the bend's height. A fold's crease
  // is at the middle, or across the height at a third (folded in three), a few millimetres off where the hand aimed;
  // the opened page lies on its crease (a valley) or on its two edges (a ridge).
  const rest =
    shape === "curl"
      ? random.range(-0.4, 0.4) * half
      : shape === "lift"
        ? random.range(0.1, 0.45) * half
        : (quarter === 1 ? random.pick([0, -h / 6, h / 6]) : 0) + random.range(-5, 5);
  const ridge = shape === "fold" && random.next() < 0.5 ? -1 : 1;
  const profile =
    shape === "curl"
      ? (t: number) => ((t - rest) / half) ** 2
      : shape === "lift"
        ? (t: number) => (t > rest ? ((t - rest) / (half - rest)) ** 2 : 0)
        : (t: number) => (ridge * Math.abs(t - rest)) / half;
  const camera = [w / 2 + random.range(-0.15, 0.15) * w, h / 2 + random.range(-0.15, 0.15) * h];
  const distance = 1.4 * Math.max(w, h);
  const lightSide = random.next() < 0.5 ? -1 : 1;

  const makeBend = (height: number) => {
    // Tables over t (0.25 mm steps, past the page by a margin): height, slope, and the flattened position of paper
    // at t (arc length kept from the line where the page rests).
    const step = 0.25;
    const from = -half - 20;
    const count = Math.ceil((2 * half + 40) / step) + 1;
    const z = new Float64Array(count);
    const flat = new Float64Array(count);
    const slope = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const t = from + i * step;
      z[i] = height * profile(t);
      slope[i] = (height * (profile(t + step / 2) - profile(t - step / 2))) / step;
    }
    const restIndex = Math.round((rest - from) / step);
    flat[restIndex] = rest;
    for (let i = restIndex + 1; i < count; i++) {
      flat[i] = flat[i - 1]! + step / Math.hypot(1, (slope[i]! + slope[i - 1]!) / 2);
    }
    for (let i = restIndex - 1; i >= 0; i--)
      flat[i] = flat[i + 1]! - step / Math.hypot(1, (slope[i]! + slope[i + 1]!) / 2);
    const at = (table: Float64Array, t: number) => {
      const f = Math.min(count - 1.001, Math.max(0, (t - from) / step));
      const i = f | 0;
      return table[i]! + (table[i + 1]! - table[i]!) * (f - i);
    };
    /** Where paper at page point (x, y) mm appears, in page mm as if flat. */
    const forward = (x: number, y: number): [number, number] => {
      const t = (x - w / 2) * ax + (y - h / 2) * ay;
      const along = at(flat, t) - t;
      const px = x + along * ax;
      const py = y + along * ay;
      const lift = at(z, t) / distance;
      return [px + lift * (px - camera[0]!), py + lift * (py - camera[1]!)];
    };
    const shade = (x: number, y: number) => {
      const t = (x - w / 2) * ax + (y - h / 2) * ay;
      return Math.min(1.05, Math.max(0.75, 1 + 0.3 * lightSide * at(slope, t)));
    };
    return { forward, shade };
  };

  // The camera's own perspective is capturePhone's: take out the part of the bend one homography explains, so that
  // the markers stay where they were printed and the picture keeps the page's frame. What is left is what a reader
  // trusting the markers' homography gets wrong.
  const m = MARKER_INSET_MM;
  const markers = [pagePoint(m, m), pagePoint(w - m, m), pagePoint(w - m, h - m), pagePoint(m, h - m)];
  const residual = (height: number) => {
    const { forward, shade } = makeBend(height);
    const seen = markers.map((p) => scanPoint(...forward(p.x, p.y)));
    const back = invertHomography(solveHomography(markers, seen)!);
    const moved = (x: number, y: number): [number, number] => {
      const [fx, fy] = forward(x, y);
      const p = pageToScan(back, pagePoint(fx, fy));
      return [p.x, p.y];
    };
    return { moved, shade };
  };
  const misplacement = (height: number) => {
    const { moved } = residual(height);
    let worst = 0;
    for (let y = CONTENT_TOP_MM; y <= h - CONTENT_BOTTOM_MARGIN_MM; y += 4) {
      for (let x = CONTENT_SIDE_MARGIN_MM; x <= w - CONTENT_SIDE_MARGIN_MM; x += 4) {
        const [mx, my] = moved(x, y);
        worst = Math.max(worst, Math.hypot(mx - x, my - y));
      }
    }
    return worst;
  };
  // Misplacement grows steadily with the bend's height: bisect for the target.
  let low = 0;
  let high = 10;
  while (misplacement(high) < target && high < 200) high *= 2;
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (misplacement(mid) < target) low = mid;
    else high = mid;
  }
  const height = (low + high) / 2;
  const { moved: forward, shade } = residual(height);

  // Each output pixel shows the paper that lands there: the smooth forward map is inverted by fixed-point steps on
  // a grid every GRID pixels, and interpolated between.
  const k = page.width / w;
  const GRID = 8;
  const gw = Math.ceil(page.width / GRID) + 1;
  const gh = Math.ceil(page.height / GRID) + 1;
  const source = new Float64Array(gw * gh * 3);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const qx = (gx * GRID + 0.5) / k;
      const qy = (gy * GRID + 0.5) / k;
      let [x, y] = [qx, qy];
      for (let i = 0; i < 5; i++) {
        const [fx, fy] = forward(x, y);
        x += qx - fx;
        y += qy - fy;
      }
      const g = (gy * gw + gx) * 3;
      source[g] = x * k - 0.5;
      source[g + 1] = y * k - 0.5;
      source[g + 2] = shade(x, y);
    }
  }
  const crease = shape === "fold" ? creaseLine(random, [ax, ay], [w / 2, h / 2], rest, lightSide) : undefined;
  const out = new Uint8ClampedArray(page.data.length);
  const src = page.data;
  for (let row = 0; row < page.height; row++) {
    const gy = Math.floor(row / GRID);
    const ty = (row - gy * GRID) / GRID;
    for (let col = 0; col < page.width; col++) {
      const gx = Math.floor(col / GRID);
      const tx = (col - gx * GRID) / GRID;
      const g00 = (gy * gw + gx) * 3;
      const g10 = g00 + 3;
      const g01 = g00 + gw * 3;
      const g11 = g01 + 3;
      const lerp = (o: number) =>
        (source[g00 + o]! * (1 - tx) + source[g10 + o]! * tx) * (1 - ty) +
        (source[g01 + o]! * (1 - tx) + source[g11 + o]! * tx) * ty;
      const u = Math.min(page.width - 1.001, Math.max(0, lerp(0)));
      const v = Math.min(page.height - 1.001, Math.max(0, lerp(1)));
      const light = crease ? lerp(2) * crease((u + 0.5) / k, (v + 0.5) / k) : lerp(2);
      const u0 = u | 0;
      const v0 = v | 0;
      const fu = u - u0;
      const fv = v - v0;
      const i = (v0 * page.width + u0) * 4;
      const below = i + page.width * 4;
      const j = (row * page.width + col) * 4;
      for (let c = 0; c < 3; c++) {
        const top = src[i + c]! + (src[i + 4 + c]! - src[i + c]!) * fu;
        const bottom = src[below + c]! + (src[below + 4 + c]! - src[below + c]!) * fu;
        out[j + c] = (top + (bottom - top) * fv) * light;
      }
      out[j + 3] = 255;
    }
  }
  return {
    width: page.width,
    height: page.height,
    data: out,
    displacementMm: misplacement(height),
    shownAt: forward,
    ...(crease && { crease: { point: [w / 2 + rest * ax, h / 2 + rest * ay], normal: [ax, ay] } }),
  };
}

/**
 * The crease of a fold opened again, as a factor on the light of paper at page point (x, y) mm: a thin dark line where
 * the fibres broke and the valley shades itself (0.1–0.2 mm wide, 10–22 % darker, its depth varying along it), with
 * a faint glint on the lit flank.
 */
function creaseLine(
  random: Random,
  [ax, ay]: [number, number],
  [cx, cy]: [number, number],
  rest: number,
  lightSide: number,
): (x: number, y: number) => number {
  const sigma = random.range(0.1, 0.2);
  const depth = random.range(0.1, 0.22);
  const glint = random.range(0, 0.05);
  const waves = [0, 1].map(() => ({ length: random.range(15, 40), phase: random.range(0, 2 * Math.PI) }));
  const reach = 6 * sigma;
  return (x, y) => {
    const d = (x - cx) * ax + (y - cy) * ay - rest;
    if (Math.abs(d) > reach) return 1;
    const along = (y - cy) * ax - (x - cx) * ay;
    const varying = 0.7 + 0.15 * waves.reduce((sum, w) => sum + Math.sin(along / w.length + w.phase), 0);
    const flank = d - lightSide * 2.5 * sigma;
    return (
      1 -
      depth * varying * Math.exp((-d * d) / (2 * sigma * sigma)) +
      glint * Math.exp((-flank * flank) / (2 * sigma * sigma))
    );
  };
}
