import type { PenStroke, Point, StrokePoint } from "@handfont/engine/fonts";
import { cutRun, type EraserSweep, strokeHalfWidth, sweepTouchesStroke } from "../geometry/erase.ts";
import { nextStrokeIds, removeStrokes, replaceStrokes } from "../operations/strokes.ts";
import { NO_OVERLAY, type Tool, type ToolContext, type ToolOverlay, type ToolPointer } from "./tool.ts";

/** Stroke eraser: idle → erasing → idle. Every stroke the eraser touches goes, all in one undoable step. */
export class StrokeEraserTool implements Tool {
  readonly id = "strokeEraser";
  state: "idle" | "erasing" = "idle";
  private erased = new Set<string>();
  private last: Point | null = null;
  private radius = 0;

  down(context: ToolContext, event: ToolPointer): void {
    this.state = "erasing";
    this.erased = new Set();
    this.radius = context.eraserRadius;
    this.last = { x: event.x, y: event.y };
    this.sweep(context, event);
  }

  move(context: ToolContext, event: ToolPointer): void {
    if (this.state === "erasing") this.sweep(context, event);
    else this.last = { x: event.x, y: event.y };
  }

  private sweep(context: ToolContext, event: ToolPointer): void {
    const to = { x: event.x, y: event.y };
    const sweep: EraserSweep = { from: this.last ?? to, to, radius: this.radius };
    let grew = false;
    for (const stroke of context.document.strokes) {
      if (!this.erased.has(stroke.id) && sweepTouchesStroke(stroke, sweep)) {
        this.erased = new Set(this.erased).add(stroke.id);
        grew = true;
      }
    }
    this.last = to;
    if (grew) context.preview(removeStrokes(context.document, this.erased));
  }

  up(context: ToolContext, event: ToolPointer): void {
    if (this.state !== "erasing") return;
    this.sweep(context, event);
    const erased = this.erased;
    this.cancel(context);
    if (erased.size > 0) context.commit(removeStrokes(context.document, erased), "erase");
  }

  cancel(context: ToolContext): void {
    this.state = "idle";
    this.erased = new Set();
    context.preview(null);
  }

  overlay(): ToolOverlay {
    return this.last ? { kind: "eraser", center: this.last, radius: this.radius, erased: this.erased } : NO_OVERLAY;
  }
}

/**
 * Partial eraser: idle → erasing → idle. Strokes are cut where the eraser passes (their ink under it removed, each
 * remaining piece a stroke of its own), shown as it goes and recorded as one undoable step.
 */
export class PartialEraserTool implements Tool {
  readonly id = "partialEraser";
  state: "idle" | "erasing" = "idle";
  /** Per touched stroke id, the runs of its points still left. */
  private runs = new Map<string, StrokePoint[][]>();
  private last: Point | null = null;
  private radius = 0;

  down(context: ToolContext, event: ToolPointer): void {
    this.state = "erasing";
    this.runs = new Map();
    this.radius = context.eraserRadius;
    this.last = { x: event.x, y: event.y };
    this.sweep(context, event);
  }

  move(context: ToolContext, event: ToolPointer): void {
    if (this.state === "erasing") this.sweep(context, event);
    else this.last = { x: event.x, y: event.y };
  }

  private sweep(context: ToolContext, event: ToolPointer): void {
    const to = { x: event.x, y: event.y };
    const sweep: EraserSweep = { from: this.last ?? to, to, radius: this.radius };
    this.last = to;
    let changed = false;
    for (const stroke of context.document.strokes) {
      const reach = sweep.radius + strokeHalfWidth(stroke);
      const current = this.runs.get(stroke.id) ?? [stroke.points];
      const next: StrokePoint[][] = [];
      let cut = false;
      for (const run of current) {
        // A lone point is a dot: it goes when the eraser reaches it.
        const pieces =
          run.length === 1
            ? sweepTouchesStroke({ ...stroke, points: run }, sweep)
              ? []
              : null
            : cutRun(run, sweep, reach);
        if (pieces) cut = true;
        next.push(...(pieces ?? [run]));
      }
      if (cut) {
        this.runs.set(stroke.id, next);
        changed = true;
      }
    }
    if (changed) context.preview(this.replacement(context));
  }

  /** The touched strokes replaced by their remaining pieces, each piece with an id of its own. */
  private replacement(context: ToolContext) {
    const glyph = context.document;
    const count = [...this.runs.values()].reduce((sum, runs) => sum + runs.length, 0);
    const ids = nextStrokeIds(glyph, count);
    const replacements = new Map<string, PenStroke[]>();
    for (const stroke of glyph.strokes) {
      const runs = this.runs.get(stroke.id);
      if (!runs) continue;
      replacements.set(
        stroke.id,
        runs.map((points) => ({ id: ids.shift()!, pen: stroke.pen, points: rebaseTime(points) })),
      );
    }
    return replaceStrokes(glyph, replacements);
  }

  up(context: ToolContext, event: ToolPointer): void {
    if (this.state !== "erasing") return;
    this.sweep(context, event);
    const change = this.runs.size > 0 ? this.replacement(context) : null;
    this.cancel(context);
    if (change) context.commit(change, "erase");
  }

  cancel(context: ToolContext): void {
    this.state = "idle";
    this.runs = new Map();
    context.preview(null);
  }

  overlay(): ToolOverlay {
    return this.last ? { kind: "eraser", center: this.last, radius: this.radius, erased: new Set() } : NO_OVERLAY;
  }
}

/** A piece's times start at zero again, as a stroke's do. */
function rebaseTime(points: StrokePoint[]): StrokePoint[] {
  const start = points[0]?.t ?? 0;
  return start === 0 ? points : points.map((point) => ({ ...point, t: point.t - start }));
}
