import type { GlyphDocument, PenOptions, PenStroke, Point, UnitBox } from "@handfont/engine/fonts";
import type { Change } from "../change/change.ts";
import type { ContourNode } from "../geometry/contour-nodes.ts";
import type { Selection } from "../selection.ts";

/** What sent a pointer event: a stylus has real pressure; a mouse or a finger gets it simulated from speed. */
export type PointerKind = "mouse" | "pen" | "touch";

/**
 * A pointer event as the tools see it: already in the letter's font units (y up), with time in milliseconds. The
 * input adapter (a browser, a test) turns its own events into these.
 */
export interface ToolPointer {
  x: number;
  y: number;
  /** 0…1; meaningful only for a pen. */
  pressure: number;
  /** Milliseconds on a steady clock. */
  t: number;
  kind: PointerKind;
  shift: boolean;
  alt: boolean;
  /** Font units per screen pixel at the current zoom: hit radii and drag thresholds are in pixels. */
  unitsPerPixel: number;
}

/** Screen pixels within which a click hits a point: a finger needs targets of 44 px, so its radius is 22. */
export const hitRadiusPixels = (kind: PointerKind): number => (kind === "touch" ? 22 : 8);

/** Screen pixels a press must travel before it counts as a drag rather than a click. */
export const DRAG_THRESHOLD_PIXELS = 3;

/** The two side bearing lines of the letter and the ink's extent between them, x in the document's units. */
export interface MetricLines {
  left: number;
  right: number;
  inkLeft: number;
  inkRight: number;
}

/** What a tool may read and do; the editor provides it. */
export interface ToolContext {
  readonly document: GlyphDocument;
  readonly selection: Selection;
  readonly pen: PenOptions;
  /** Eraser radius in font units. */
  readonly eraserRadius: number;
  /** Where the side bearing lines are, or null when the letter has no ink to measure. */
  readonly metricLines: MetricLines | null;
  /** Records a change as one undoable step, optionally selecting points afterwards. */
  commit(change: Change, label: string, options?: { selection?: Selection; mergeKey?: string }): void;
  select(selection: Selection): void;
  /** A change shown on top of the document while a gesture lasts (a drag, an eraser pass); null clears it. */
  preview(change: Change | null): void;
}

/** What a tool draws over the letter while it works. */
export type ToolOverlay =
  | { kind: "none" }
  | { kind: "stroke"; stroke: PenStroke }
  | { kind: "eraser"; center: Point; radius: number; erased: ReadonlySet<string> }
  | { kind: "box"; box: UnitBox }
  | { kind: "contour"; nodes: readonly ContourNode[]; cursor: Point | null; closing: boolean };

export const NO_OVERLAY: ToolOverlay = { kind: "none" };

export type ToolId = "pen" | "strokeEraser" | "partialEraser" | "select" | "contourPen" | "addPoint";

/** A tool: an explicit state machine driven by pointer events (and a few keys), with no DOM. */
export interface Tool {
  readonly id: ToolId;
  /** The current state's name, for tests and for the cursor. */
  readonly state: string;
  down(context: ToolContext, event: ToolPointer): void;
  move(context: ToolContext, event: ToolPointer): void;
  up(context: ToolContext, event: ToolPointer): void;
  /** Abandons the gesture (a second finger arrived, Escape, the tool changed) without changing the document. */
  cancel(context: ToolContext): void;
  /** Finishes work in progress when asked (Enter); returns whether there was any. */
  finish?(context: ToolContext): boolean;
  /** Steps back within the gesture (Backspace while drawing a contour); returns whether there was a step. */
  stepBack?(context: ToolContext): boolean;
  overlay(): ToolOverlay;
}
