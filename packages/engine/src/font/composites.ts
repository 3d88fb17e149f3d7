import { flattenOutline } from "../outline/flatten.ts";
import { transformOutline, translateOutline } from "../outline/geometry.ts";
import type { BBox, Outline } from "../outline/types.ts";
import { type Attachment, BELOW } from "./accents.ts";
import { integerBounds } from "./prepare.ts";

/** The font's measured heights, which decide how high a mark goes and whether a base is tall. */
export type Heights = { xHeight: number; capHeight: number };

/** A mark moved (and perhaps scaled) into place on its base; `exact` when it was only moved by whole units. */
export type PlacedMark = { outline: Outline; exact: boolean };

/**
 * Drops the dot of i-like letters: the contours lying wholly above the rest of the glyph. Returns null when the dot
 * cannot be told apart (a single contour), so the caller keeps the dotted form.
 */
export function removeDot(outline: Outline): Outline | null {
  if (outline.length < 2) return null;
  const boxes = outline.map((contour) => integerBounds([contour])!);
  const topY = Math.max(...boxes.map((box) => box.yMin));
  const dot = outline.filter((_, index) => boxes[index]!.yMin === topY);
  const rest = outline.filter((_, index) => boxes[index]!.yMin !== topY);
  if (rest.length === 0) return null;
  const restTop = Math.max(...rest.map((contour) => integerBounds([contour])!.yMax));
  return dot.every((contour) => integerBounds([contour])!.yMin > restTop) ? rest : null;
}

/**
 * Horizontal extent of the ink in the top (or bottom) fifth of a glyph, where a mark attaches: the outline's edges
 * clipped to the band, not its points, so the span does not depend on where the curves happen to be split (an arc
 * drawn as one curve across the band has no point in it).
 */
function attachmentSpan(outline: Outline, box: BBox, where: "top" | "bottom"): { xMin: number; xMax: number } {
  const band = (box.yMax - box.yMin) * 0.2;
  const lo = where === "top" ? box.yMax - band : box.yMin;
  const hi = where === "top" ? box.yMax : box.yMin + band;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  const include = (x: number) => {
    xMin = Math.min(xMin, x);
    xMax = Math.max(xMax, x);
  };
  for (const polygon of flattenOutline(outline, 1)) {
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [p, q] = [polygon[j]!, polygon[i]!];
      if (p.y >= lo && p.y <= hi) include(p.x);
      // Where the edge crosses a boundary of the band, the crossing is ink in the band too.
      for (const y of [lo, hi]) {
        if ((p.y - y) * (q.y - y) < 0) include(p.x + ((q.x - p.x) * (y - p.y)) / (q.y - p.y));
      }
    }
  }
  return xMin <= xMax ? { xMin, xMax } : { xMin: box.xMin, xMax: box.xMax };
}

/** Scales an outline about its box's bottom-left corner. */
function scaleOutline(outline: Outline, box: BBox, sx: number, sy: number): Outline {
  return transformOutline(outline, sx, 0, 0, sy, box.xMin * (1 - sx), box.yMin * (1 - sy));
}

/**
 * Places a mark on a base. Above: the mark keeps the gap it was drawn with over the x-height (30–150 units), lifted
 * to the base's top and centred on the ink of the base's top; over a tall base (a capital, an ascender) it is
 * flattened to 80 % and sits closer, so capitals' accents stay within the line. Below: the cedilla hangs from the
 * base's foot, the comma a little under it, the ogonek from the foot's right end. The right-hand caron (ď ť ľ) is
 * an apostrophe beside the base's top. A mark wider than the base's ink is scaled down to 90 % of it (a diaeresis
 * may stay wider: its dots stand over the letter's shoulders), never below 60 % of the x-height; a mark taller than
 * 60 % of the x-height is scaled down to it. Returns the placed mark (it may overlap the base; the caller merges
 * them).
 */
export function placeMark(base: Outline, mark: Outline, attach: Attachment, heights: Heights): PlacedMark | null {
  const baseBox = integerBounds(base);
  let markBox = integerBounds(mark);
  if (!baseBox || !markBox) return null;
  const { xHeight, capHeight } = heights;
  let placed = mark;
  let exact = true;
  const rescale = (sx: number, sy: number) => {
    placed = scaleOutline(placed, markBox!, sx, sy);
    markBox = integerBounds(placed)!;
    exact = false;
  };
  // Whole units: a mark only moved keeps the integer outline it was prepared with.
  const move = (dx: number, dy: number): PlacedMark => ({
    outline: translateOutline(placed, Math.round(dx), Math.round(dy)),
    exact,
  });

  if (attach === "caronRight") {
    const height = markBox.yMax - markBox.yMin;
    const wanted = 0.35 * xHeight;
    if (height > wanted) rescale(wanted / height, wanted / height);
    const top = attachmentSpan(base, baseBox, "top");
    const dx = top.xMax + Math.round(0.04 * xHeight) - markBox.xMin;
    return move(dx, baseBox.yMax - markBox.yMax);
  }

  const baseWidth = baseBox.xMax - baseBox.xMin;
  const markWidth = markBox.xMax - markBox.xMin;
  // Over a narrow letter (i, l) a mark keeps at least 60 % of the x-height's width, or it would shrink to a speck.
  const widest = Math.max(baseWidth * (attach === "diaeresis" ? 1.3 : 0.9), 0.6 * xHeight);
  if (markWidth > widest && markWidth > 0) rescale(widest / markWidth, widest / markWidth);
  // A mark written as big as a letter is brought down to a mark's size.
  const tallest = 0.6 * xHeight;
  const markHeight = markBox.yMax - markBox.yMin;
  if (markHeight > tallest) rescale(tallest / markHeight, tallest / markHeight);

  if (BELOW.has(attach)) {
    const foot = attachmentSpan(base, baseBox, "bottom");
    let dx: number;
    let dy: number;
    if (attach === "ogonek") {
      // The hook joins the foot's right end and curls under the letter.
      dx = foot.xMax - markBox.xMax;
      dy = baseBox.yMin + Math.round(0.05 * xHeight) - markBox.yMax;
    } else if (attach === "commaBelow") {
      const height = markBox.yMax - markBox.yMin;
      if (height > 0.45 * xHeight) rescale((0.45 * xHeight) / height, (0.45 * xHeight) / height);
      dx = (foot.xMin + foot.xMax) / 2 - (markBox.xMin + markBox.xMax) / 2;
      dy = baseBox.yMin - Math.round(0.08 * xHeight) - markBox.yMax;
    } else {
      dx = (foot.xMin + foot.xMax) / 2 - (markBox.xMin + markBox.xMax) / 2;
      dy = baseBox.yMin + Math.round(0.03 * xHeight) - markBox.yMax;
    }
    return move(dx, dy);
  }

  const drawnGap = markBox.yMin - xHeight;
  let gap = Math.min(150, Math.max(30, drawnGap));
  // Taller than midway between the x-height and the cap height: a capital or an ascender.
  if (baseBox.yMax > (xHeight + capHeight) / 2) {
    rescale(1, 0.8);
    gap = Math.min(gap, Math.max(20, Math.round(0.12 * xHeight)));
  }
  const top = attachmentSpan(base, baseBox, "top");
  const dx = (top.xMin + top.xMax) / 2 - (markBox.xMin + markBox.xMax) / 2;
  const dy = baseBox.yMax + gap - markBox.yMin;
  return move(dx, dy);
}
