import type { PenStroke, StrokePoint } from "@handfont/engine/fonts";
import { addStrokes, nextStrokeIds } from "../operations/strokes.ts";
import { NO_OVERLAY, type Tool, type ToolContext, type ToolOverlay, type ToolPointer } from "./tool.ts";

/**
 * Points one stroke may hold; a longer line is kept as consecutive strokes, so no single stroke grows beyond what
 * draws in a frame.
 */
export const STROKE_POINT_LIMIT = 1500;

/** Pen (draw): idle → drawing → idle. A stroke is recorded in font units with pressure and time, as drawn. */
export class PenTool implements Tool {
  readonly id = "pen";
  state: "idle" | "drawing" = "idle";
  private stroke: PenStroke | null = null;
  private started = 0;

  private sample(event: ToolPointer): StrokePoint {
    return {
      x: Math.round(event.x * 10) / 10,
      y: Math.round(event.y * 10) / 10,
      // A mouse or a finger reports no real pressure; perfect-freehand then simulates it from speed.
      pressure: event.kind === "pen" ? Math.round(Math.min(1, Math.max(0.05, event.pressure)) * 100) / 100 : 0.5,
      t: Math.max(0, Math.round(event.t - this.started)),
    };
  }

  down(context: ToolContext, event: ToolPointer): void {
    this.started = event.t;
    const [id] = nextStrokeIds(context.document, 1);
    this.stroke = {
      id: id!,
      points: [this.sample(event)],
      pen: { ...context.pen, simulatePressure: event.kind !== "pen" },
    };
    this.state = "drawing";
  }

  move(context: ToolContext, event: ToolPointer): void {
    if (this.state !== "drawing" || !this.stroke) return;
    const point = this.sample(event);
    const last = this.stroke.points.at(-1)!;
    // Sub-pixel jitter adds points without adding shape.
    if (Math.hypot(point.x - last.x, point.y - last.y) < event.unitsPerPixel / 2) return;
    this.stroke = { ...this.stroke, points: [...this.stroke.points, point] };
    if (this.stroke.points.length >= STROKE_POINT_LIMIT) {
      const carried = this.stroke.points.at(-1)!;
      this.commit(context);
      this.down(context, event);
      this.stroke!.points = [{ ...carried, t: 0 }];
    }
  }

  up(context: ToolContext, event: ToolPointer): void {
    if (this.state !== "drawing" || !this.stroke) return;
    const point = this.sample(event);
    const last = this.stroke.points.at(-1)!;
    if (point.x !== last.x || point.y !== last.y)
      this.stroke = { ...this.stroke, points: [...this.stroke.points, point] };
    this.commit(context);
  }

  private commit(context: ToolContext): void {
    const stroke = this.stroke!;
    this.stroke = null;
    this.state = "idle";
    context.commit(addStrokes(context.document, [stroke]), "draw");
  }

  cancel(): void {
    this.stroke = null;
    this.state = "idle";
  }

  overlay(): ToolOverlay {
    return this.stroke ? { kind: "stroke", stroke: this.stroke } : NO_OVERLAY;
  }
}
