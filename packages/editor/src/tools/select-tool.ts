import type { Point } from "@handfont/engine/fonts";
import { contourSegments } from "../geometry/contour-segments.ts";
import { boxOf, hitPoint, hitSegment, pointsInBox } from "../geometry/hit-test.ts";
import { dragMetricLine } from "../operations/metrics.ts";
import { movePoints } from "../operations/points.ts";
import { type PointKey, pointKey, type Selection } from "../selection.ts";
import {
  DRAG_THRESHOLD_PIXELS,
  hitRadiusPixels,
  NO_OVERLAY,
  type Tool,
  type ToolContext,
  type ToolOverlay,
  type ToolPointer,
} from "./tool.ts";

type SelectState = "idle" | "pointing" | "dragging" | "boxing" | "bearing";

/**
 * Select and move (the outline editor's pointer): idle → pointing → dragging (points follow) or idle (a click);
 * idle → boxing (a box selects the points in it) → idle; idle → bearing (a side bearing line follows) → idle.
 * Shift adds to the selection or takes from it.
 */
export class SelectTool implements Tool {
  readonly id = "select";
  state: SelectState = "idle";
  private start: Point = { x: 0, y: 0 };
  private current: Point = { x: 0, y: 0 };
  private side: "left" | "right" = "left";
  private boxBase: Selection = new Set();

  down(context: ToolContext, event: ToolPointer): void {
    const tolerance = hitRadiusPixels(event.kind) * event.unitsPerPixel;
    this.start = { x: event.x, y: event.y };
    this.current = this.start;
    const hit = hitPoint(context.document, event, tolerance) ?? this.segmentEnds(context, event, tolerance);
    if (hit) {
      const keys = Array.isArray(hit) ? hit : [hit];
      const selected = keys.every((key) => context.selection.has(key));
      if (event.shift) {
        const next = new Set(context.selection);
        for (const key of keys) selected ? next.delete(key) : next.add(key);
        context.select(next);
      } else if (!selected) context.select(new Set(keys));
      this.state = "pointing";
      return;
    }
    const lines = context.metricLines;
    if (lines) {
      for (const side of ["left", "right"] as const) {
        if (Math.abs(event.x - lines[side]) <= tolerance) {
          this.side = side;
          this.state = "bearing";
          return;
        }
      }
    }
    this.boxBase = event.shift ? context.selection : new Set();
    this.state = "boxing";
  }

  /** A press on a segment's line picks both of its on-curve ends. */
  private segmentEnds(context: ToolContext, event: ToolPointer, tolerance: number): PointKey[] | null {
    const hit = hitSegment(context.document, event, tolerance);
    if (!hit) return null;
    const contour = context.document.contours[hit.contour]!;
    const segment = contourSegments(contour)[hit.segment]!;
    return [pointKey(hit.contour, segment.from), pointKey(hit.contour, segment.to)];
  }

  move(context: ToolContext, event: ToolPointer): void {
    this.current = { x: event.x, y: event.y };
    const dx = Math.round(event.x - this.start.x);
    const dy = Math.round(event.y - this.start.y);
    if (this.state === "pointing") {
      const travelled = Math.hypot(event.x - this.start.x, event.y - this.start.y) / event.unitsPerPixel;
      if (travelled < DRAG_THRESHOLD_PIXELS) return;
      this.state = "dragging";
    }
    if (this.state === "dragging") context.preview(movePoints(context.document, context.selection, dx, dy));
    else if (this.state === "boxing") context.select(this.boxed(context));
    else if (this.state === "bearing") context.preview(this.bearingChange(context));
  }

  private boxed(context: ToolContext): Selection {
    const inside = pointsInBox(context.document, boxOf(this.start, this.current));
    const next = new Set(this.boxBase);
    for (const key of inside) this.boxBase.has(key) ? next.delete(key) : next.add(key);
    return next;
  }

  private bearingChange(context: ToolContext) {
    const lines = context.metricLines!;
    return dragMetricLine(context.document, lines, this.side, Math.round(this.current.x));
  }

  up(context: ToolContext, event: ToolPointer): void {
    this.move(context, event);
    const state = this.state;
    this.state = "idle";
    context.preview(null);
    if (state === "dragging") {
      const dx = Math.round(event.x - this.start.x);
      const dy = Math.round(event.y - this.start.y);
      context.commit(movePoints(context.document, context.selection, dx, dy), "move points", {
        selection: context.selection,
      });
    } else if (state === "bearing") {
      context.commit(this.bearingChange(context), "side bearing");
    } else if (state === "boxing") {
      context.select(this.boxed(context));
    }
  }

  cancel(context: ToolContext): void {
    this.state = "idle";
    context.preview(null);
  }

  overlay(): ToolOverlay {
    return this.state === "boxing" ? { kind: "box", box: boxOf(this.start, this.current) } : NO_OVERLAY;
  }
}
