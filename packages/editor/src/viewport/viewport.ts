import type { Point, UnitBox } from "@handfont/engine/fonts";

/**
 * How font units map to screen pixels: screen x = originX + x·scale, screen y = originY − y·scale (font y grows
 * upward, screen y downward). `scale` is pixels per font unit.
 */
export interface Viewport {
  scale: number;
  originX: number;
  originY: number;
}

/** The closest and farthest zoom allowed, pixels per font unit: a whole line of letters to a few units a pixel. */
export const ZOOM_LIMITS = { min: 0.02, max: 40 } as const;

const clampScale = (scale: number) => Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, scale));

export const toScreen = (view: Viewport, p: Point): Point => ({
  x: view.originX + p.x * view.scale,
  y: view.originY - p.y * view.scale,
});

export const toFontUnits = (view: Viewport, p: Point): Point => ({
  x: (p.x - view.originX) / view.scale,
  y: (view.originY - p.y) / view.scale,
});

/** Zooms by `factor` keeping the font point under the screen point `at` where it is (wheel, keys, buttons). */
export function zoomAt(view: Viewport, at: Point, factor: number): Viewport {
  const anchor = toFontUnits(view, at);
  const scale = clampScale(view.scale * factor);
  return { scale, originX: at.x - anchor.x * scale, originY: at.y + anchor.y * scale };
}

/** Moves the view by screen pixels. */
export const panBy = (view: Viewport, dx: number, dy: number): Viewport => ({
  ...view,
  originX: view.originX + dx,
  originY: view.originY + dy,
});

/** Two fingers on the screen. */
export type FingerPair = [Point, Point];

/**
 * The view during a pinch: the font point that was under the fingers' midpoint at the start stays under their
 * midpoint now, and the zoom changes by the ratio of the fingers' distances (two-finger pan and pinch zoom at once).
 */
export function pinchView(start: Viewport, from: FingerPair, to: FingerPair): Viewport {
  const mid = (pair: FingerPair): Point => ({ x: (pair[0].x + pair[1].x) / 2, y: (pair[0].y + pair[1].y) / 2 });
  const spread = (pair: FingerPair) => Math.hypot(pair[0].x - pair[1].x, pair[0].y - pair[1].y);
  const anchor = toFontUnits(start, mid(from));
  const ratio = spread(from) > 0 ? spread(to) / spread(from) : 1;
  const scale = clampScale(start.scale * ratio);
  const now = mid(to);
  return { scale, originX: now.x - anchor.x * scale, originY: now.y + anchor.y * scale };
}

/** The view that shows `box` whole and centred in a screen area of width × height, with `padding` pixels around. */
export function fitBox(box: UnitBox, width: number, height: number, padding = 24): Viewport {
  const boxWidth = Math.max(1, box.xMax - box.xMin);
  const boxHeight = Math.max(1, box.yMax - box.yMin);
  const scale = clampScale(
    Math.min(Math.max(1, width - 2 * padding) / boxWidth, Math.max(1, height - 2 * padding) / boxHeight),
  );
  const centerX = (box.xMin + box.xMax) / 2;
  const centerY = (box.yMin + box.yMax) / 2;
  return { scale, originX: width / 2 - centerX * scale, originY: height / 2 + centerY * scale };
}
