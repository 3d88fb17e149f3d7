/**
 * Outlines as flattened polygons: what the synthetic generator draws with and what the quality harness
 * compares. Coordinates are plain numbers in whatever space the caller works in.
 */
import { cubicAt } from "../outline/bezier.ts";

/** A closed polygon as [x0, y0, x1, y1, …]. */
export type Contour = number[];

/** Flattens SVG path data (M, L, H, V, C, Q, Z, absolute or relative) into closed polygons. */
export function pathToContours(path: string, tolerance = 0.5): Contour[] {
  const contours: Contour[] = [];
  let current: Contour = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const close = () => {
    if (current.length >= 6) contours.push(current);
    current = [];
  };
  for (const match of path.matchAll(/([MmLlHhVvCcQqZz])([^MmLlHhVvCcQqZz]*)/g)) {
    const command = match[1]!;
    const args = (match[2]!.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const relative = command === command.toLowerCase();
    const bx = () => (relative ? x : 0);
    const by = () => (relative ? y : 0);
    switch (command.toUpperCase()) {
      case "M":
        for (let i = 0; i + 1 < args.length; i += 2) {
          const nx = bx() + args[i]!;
          const ny = by() + args[i + 1]!;
          if (i === 0) {
            close();
            [startX, startY] = [nx, ny];
          }
          current.push(nx, ny);
          [x, y] = [nx, ny];
        }
        break;
      case "L":
        for (let i = 0; i + 1 < args.length; i += 2) {
          [x, y] = [bx() + args[i]!, by() + args[i + 1]!];
          current.push(x, y);
        }
        break;
      case "H":
        for (const value of args) {
          x = bx() + value;
          current.push(x, y);
        }
        break;
      case "V":
        for (const value of args) {
          y = by() + value;
          current.push(x, y);
        }
        break;
      case "C":
        for (let i = 0; i + 5 < args.length; i += 6) {
          const p = [
            bx() + args[i]!,
            by() + args[i + 1]!,
            bx() + args[i + 2]!,
            by() + args[i + 3]!,
            bx() + args[i + 4]!,
            by() + args[i + 5]!,
          ];
          flattenCubic(current, x, y, p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, tolerance);
          [x, y] = [p[4]!, p[5]!];
        }
        break;
      case "Q":
        for (let i = 0; i + 3 < args.length; i += 4) {
          const [qx, qy, ex, ey] = [bx() + args[i]!, by() + args[i + 1]!, bx() + args[i + 2]!, by() + args[i + 3]!];
          // A quadratic is the cubic with control points two thirds of the way to its control point.
          flattenCubic(
            current,
            x,
            y,
            x + (2 / 3) * (qx - x),
            y + (2 / 3) * (qy - y),
            ex + (2 / 3) * (qx - ex),
            ey + (2 / 3) * (qy - ey),
            ex,
            ey,
            tolerance,
          );
          [x, y] = [ex, ey];
        }
        break;
      case "Z":
        close();
        [x, y] = [startX, startY];
        break;
    }
  }
  close();
  return contours;
}

function flattenCubic(
  out: Contour,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
) {
  // Segment count from the control polygon's deviation from the chord bounds the flattening error.
  const deviation = Math.max(
    Math.hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2),
    Math.hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3),
  );
  const steps = Math.max(1, Math.min(64, Math.ceil(Math.sqrt((0.75 * deviation) / tolerance))));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    out.push(cubicAt(x0, x1, x2, x3, t), cubicAt(y0, y1, y2, y3, t));
  }
}

/** Applies an affine map [a, b, c, d, e, f] (x' = a·x + c·y + e, y' = b·x + d·y + f) to every point. */
export function transformContours(contours: readonly Contour[], m: readonly number[]): Contour[] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  return contours.map((contour) => {
    const out = new Array<number>(contour.length);
    for (let i = 0; i < contour.length; i += 2) {
      const x = contour[i]!;
      const y = contour[i + 1]!;
      out[i] = a * x + c * y + e;
      out[i + 1] = b * x + d * y + f;
    }
    return out;
  });
}

/** Signed area (positive when counter-clockwise in a y-up space). */
export function signedArea(contour: Contour): number {
  let sum = 0;
  const n = contour.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    sum += contour[i]! * contour[j + 1]! - contour[j]! * contour[i + 1]!;
  }
  return sum / 2;
}

/** Bounding box of a set of contours. */
export function contoursBox(contours: readonly Contour[]): { xMin: number; yMin: number; xMax: number; yMax: number } {
  const box = { xMin: Infinity, yMin: Infinity, xMax: -Infinity, yMax: -Infinity };
  for (const contour of contours) {
    for (let i = 0; i < contour.length; i += 2) {
      box.xMin = Math.min(box.xMin, contour[i]!);
      box.xMax = Math.max(box.xMax, contour[i]!);
      box.yMin = Math.min(box.yMin, contour[i + 1]!);
      box.yMax = Math.max(box.yMax, contour[i + 1]!);
    }
  }
  return box;
}

/**
 * Polygons whose nonzero union with the outline thickens it by `radius` all round (a round pen): a quad per
 * edge and a polygonal disc per vertex, all wound like the outline's outer contours so the union stays filled.
 */
export function strokePolygons(contours: readonly Contour[], radius: number): Contour[] {
  if (radius <= 0) return [];
  const total = contours.reduce((sum, c) => sum + signedArea(c), 0);
  const orientation = total >= 0 ? 1 : -1;
  const out: Contour[] = [];
  const sides = 12;
  for (const contour of contours) {
    const n = contour.length;
    for (let i = 0; i < n; i += 2) {
      const x0 = contour[i]!;
      const y0 = contour[i + 1]!;
      const x1 = contour[(i + 2) % n]!;
      const y1 = contour[(i + 3) % n]!;
      const length = Math.hypot(x1 - x0, y1 - y0);
      if (length > 1e-9) {
        const nx = (-(y1 - y0) / length) * radius;
        const ny = ((x1 - x0) / length) * radius;
        const quad = [x0 - nx, y0 - ny, x1 - nx, y1 - ny, x1 + nx, y1 + ny, x0 + nx, y0 + ny];
        out.push(signedArea(quad) * orientation >= 0 ? quad : reverse(quad));
      }
      const disc: Contour = [];
      for (let k = 0; k < sides; k++) {
        const angle = (orientation * 2 * Math.PI * k) / sides;
        disc.push(x0 + radius * Math.cos(angle), y0 + radius * Math.sin(angle));
      }
      out.push(disc);
    }
  }
  return out;
}

function reverse(contour: Contour): Contour {
  const out: Contour = [];
  for (let i = contour.length - 2; i >= 0; i -= 2) out.push(contour[i]!, contour[i + 1]!);
  return out;
}
