import { OutlineError } from "./parse-path.ts";

/** An affine map [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (SVG's matrix order). */
export type Affine = [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 1, 0, 0];

/** The map that applies `second` after `first`. */
export function composeAffine(first: Affine, second: Affine): Affine {
  const [a, b, c, d, e, f] = second;
  const [p, q, r, s, t, u] = first;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}

const ARGUMENTS: Record<string, number[]> = {
  matrix: [6],
  translate: [1, 2],
  scale: [1, 2],
  rotate: [1, 3],
  skewX: [1],
  skewY: [1],
};

/**
 * Reads an SVG `transform` attribute (a list of matrix, translate, scale, rotate, skewX, skewY) as one affine map.
 * As in SVG, the rightmost transform applies to the points first. Throws OutlineError for anything else.
 */
export function parseSvgTransform(text: string): Affine {
  let result = IDENTITY;
  let rest = text.trim();
  const pattern = /^(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?\s*/;
  const maps: Affine[] = [];
  while (rest.length > 0) {
    const match = pattern.exec(rest);
    if (!match) throw new OutlineError(`unreadable transform near "${rest.slice(0, 20)}"`);
    const name = match[1]!;
    const args = match[2]!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (!ARGUMENTS[name]!.includes(args.length) || args.some((n) => !Number.isFinite(n))) {
      throw new OutlineError(`${name} takes ${ARGUMENTS[name]!.join(" or ")} numbers`);
    }
    maps.push(affineOf(name, args));
    rest = rest.slice(match[0].length);
  }
  for (const map of maps.reverse()) result = composeAffine(result, map);
  return result;
}

function affineOf(name: string, args: number[]): Affine {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  switch (name) {
    case "matrix":
      return args as Affine;
    case "translate":
      return [1, 0, 0, 1, args[0]!, args[1] ?? 0];
    case "scale":
      return [args[0]!, 0, 0, args[1] ?? args[0]!, 0, 0];
    case "rotate": {
      const cos = Math.cos(radians(args[0]!));
      const sin = Math.sin(radians(args[0]!));
      const [cx, cy] = [args[1] ?? 0, args[2] ?? 0];
      // Rotation about (cx, cy): move the centre to the origin, rotate, move it back.
      return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
    }
    case "skewX":
      return [1, 0, Math.tan(radians(args[0]!)), 1, 0, 0];
    default:
      return [1, Math.tan(radians(args[0]!)), 0, 1, 0, 0];
  }
}
