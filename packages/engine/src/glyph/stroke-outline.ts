import { getStroke } from "perfect-freehand";
import type { Polygon } from "../outline/flatten.ts";
import { FONT_UNITS_PER_PEN_UNIT, type PenStroke, type StrokePoint } from "./document.ts";

/** A turn sharper than this (radians between the directions in and out) splits a stroke: perfect-freehand draws
 * "elbows" and hairs at such turns (its issues #58, #85), and tldraw's fix is the same split. */
const CORNER_TURN = (100 * Math.PI) / 180;

/**
 * The indices where a polyline turns sharply. Directions are measured over `reach` units on either side, so the
 * jitter of a hand-drawn line does not count as a turn; of several neighbouring candidates the sharpest wins.
 */
export function sharpTurns(points: readonly { x: number; y: number }[], reach: number): number[] {
  const turns: number[] = [];
  let best = -1;
  let bestTurn = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const here = points[i]!;
    let back = i - 1;
    while (back > 0 && Math.hypot(points[back]!.x - here.x, points[back]!.y - here.y) < reach) back--;
    let ahead = i + 1;
    while (ahead < points.length - 1 && Math.hypot(points[ahead]!.x - here.x, points[ahead]!.y - here.y) < reach) {
      ahead++;
    }
    const ax = here.x - points[back]!.x;
    const ay = here.y - points[back]!.y;
    const bx = points[ahead]!.x - here.x;
    const by = points[ahead]!.y - here.y;
    const turn = Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
    if (turn > CORNER_TURN && Math.hypot(ax, ay) >= reach / 2 && Math.hypot(bx, by) >= reach / 2) {
      if (turn > bestTurn) {
        best = i;
        bestTurn = turn;
      }
    } else if (best >= 0) {
      turns.push(best);
      best = -1;
      bestTurn = 0;
    }
  }
  if (best >= 0) turns.push(best);
  return turns;
}

/** The stroke cut at its sharp turns; neighbouring pieces share the corner point, so their union has no gap. */
export function splitStrokeAtCorners(stroke: PenStroke): StrokePoint[][] {
  const points = stroke.points.filter(
    (point, i) => i === 0 || point.x !== stroke.points[i - 1]!.x || point.y !== stroke.points[i - 1]!.y,
  );
  // Half the pen's width in font units: a turn within the ink's own width is a corner, not a wiggle.
  const reach = (stroke.pen.size * FONT_UNITS_PER_PEN_UNIT) / 2;
  const pieces: StrokePoint[][] = [];
  let from = 0;
  for (const turn of sharpTurns(points, reach)) {
    pieces.push(points.slice(from, turn + 1));
    from = turn;
  }
  pieces.push(points.slice(from));
  return pieces;
}

/**
 * The filled outline of one pen stroke in font units, what the editor draws while the pen moves: one polygon per
 * piece between sharp turns, each filled with the nonzero rule (they overlap at the corners). The stroke is shaped
 * by perfect-freehand in pen space (`FONT_UNITS_PER_PEN_UNIT`), where its thresholds were tuned. `last: false`
 * while the stroke is still being drawn (its end is then left open to the next point).
 */
export function strokeOutline(stroke: PenStroke, options: { last?: boolean } = {}): Polygon[] {
  const scale = FONT_UNITS_PER_PEN_UNIT;
  const { size, thinning, smoothing, streamline, simulatePressure } = stroke.pen;
  return splitStrokeAtCorners(stroke).map((piece) => {
    const input = piece.map((p) => [p.x / scale, p.y / scale, p.pressure]);
    const outline = getStroke(input, {
      size,
      thinning,
      smoothing,
      streamline,
      simulatePressure,
      last: options.last ?? true,
    });
    return outline.map(([x, y]) => ({ x: x! * scale, y: y! * scale }));
  });
}
