import { hitSegment } from "../geometry/hit-test.ts";
import { insertPoint } from "../operations/points.ts";
import {
  hitRadiusPixels,
  NO_OVERLAY,
  type Tool,
  type ToolContext,
  type ToolOverlay,
  type ToolPointer,
} from "./tool.ts";

/** Add point: a press on the outline puts an on-curve point there without changing the shape. One state: idle. */
export class AddPointTool implements Tool {
  readonly id = "addPoint";
  readonly state = "idle";

  down(context: ToolContext, event: ToolPointer): void {
    const hit = hitSegment(context.document, event, hitRadiusPixels(event.kind) * event.unitsPerPixel);
    if (!hit) return;
    const inserted = insertPoint(context.document, hit.contour, hit.segment, hit.t);
    if (inserted) context.commit(inserted.change, "add point", { selection: new Set([inserted.point]) });
  }

  move(): void {}
  up(): void {}
  cancel(): void {}

  overlay(): ToolOverlay {
    return NO_OVERLAY;
  }
}
