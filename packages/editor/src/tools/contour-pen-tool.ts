import type { Point } from "@handfont/engine/fonts";
import { type ContourNode, nodesHaveArea, nodesToContour } from "../geometry/contour-nodes.ts";
import { distance } from "../geometry/vector.ts";
import { addContours } from "../operations/contours.ts";
import { selectContours } from "../selection.ts";
import {
  DRAG_THRESHOLD_PIXELS,
  hitRadiusPixels,
  type Tool,
  type ToolContext,
  type ToolOverlay,
  type ToolPointer,
} from "./tool.ts";

/**
 * Contour pen: idle → pulling (a press adds a node; dragging pulls its handles out, making it smooth) → placing
 * (waiting for the next node) → … → a press on the first node, or Enter, closes the contour into the document.
 * Backspace takes back the last node; Escape drops the unfinished contour.
 */
export class ContourPenTool implements Tool {
  readonly id = "contourPen";
  state: "idle" | "placing" | "pulling" = "idle";
  private nodes: ContourNode[] = [];
  private cursor: Point | null = null;
  private closing = false;
  private pressedAt: Point = { x: 0, y: 0 };

  down(_context: ToolContext, event: ToolPointer): void {
    const at = { x: Math.round(event.x), y: Math.round(event.y) };
    this.pressedAt = at;
    const first = this.nodes[0];
    const tolerance = hitRadiusPixels(event.kind) * event.unitsPerPixel;
    this.closing = this.nodes.length >= 2 && first !== undefined && distance(first, event) <= tolerance;
    if (!this.closing) this.nodes = [...this.nodes, { ...at, type: "corner", in: null, out: null }];
    this.state = "pulling";
  }

  move(_context: ToolContext, event: ToolPointer): void {
    this.cursor = { x: Math.round(event.x), y: Math.round(event.y) };
    if (this.state !== "pulling" || this.closing) return;
    if (distance(this.pressedAt, event) / event.unitsPerPixel < DRAG_THRESHOLD_PIXELS) return;
    const node = this.nodes.at(-1)!;
    const out = this.cursor;
    const pulled: ContourNode = {
      ...node,
      type: "smooth",
      out,
      in: { x: 2 * node.x - out.x, y: 2 * node.y - out.y },
    };
    this.nodes = [...this.nodes.slice(0, -1), pulled];
  }

  up(context: ToolContext, event: ToolPointer): void {
    if (this.state !== "pulling") return;
    this.move(context, event);
    if (this.closing) this.finish(context);
    else this.state = "placing";
  }

  finish(context: ToolContext): boolean {
    const nodes = this.nodes;
    this.reset();
    if (!nodesHaveArea(nodes)) return nodes.length > 0;
    const index = context.document.contours.length;
    const contour = nodesToContour(nodes);
    context.commit(addContours(context.document, [contour]), "draw contour", {
      selection: selectContours([...context.document.contours, contour], [index]),
    });
    return true;
  }

  stepBack(): boolean {
    if (this.nodes.length === 0) return false;
    this.nodes = this.nodes.slice(0, -1);
    if (this.nodes.length === 0) this.reset();
    else this.state = "placing";
    return true;
  }

  private reset(): void {
    this.nodes = [];
    this.closing = false;
    this.state = "idle";
  }

  cancel(): void {
    this.reset();
  }

  overlay(): ToolOverlay {
    return { kind: "contour", nodes: this.nodes, cursor: this.cursor, closing: this.closing };
  }
}
