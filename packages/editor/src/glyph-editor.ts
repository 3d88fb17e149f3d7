import { DEFAULT_PEN, type GlyphDocument, type PenOptions } from "@handfont/engine/fonts";
import { applyChange, type Change, isEmptyChange } from "./change/change.ts";
import { EMPTY_HISTORY, type History, recordStep, redoStep, undoStep } from "./change/history.ts";
import { boxCenter, documentBox, selectionBox } from "./geometry/bounds.ts";
import type { CommandId } from "./keyboard/keymap.ts";
import { copyParts, type GlyphClipboard, pasteParts } from "./operations/clipboard.ts";
import {
  deleteContours,
  flipAround,
  reverseContours,
  rotateAround,
  transformSelection,
} from "./operations/contours.ts";
import { metricLines } from "./operations/metrics.ts";
import { deletePoints, movePoints, togglePointType } from "./operations/points.ts";
import { EMPTY_SELECTION, type Selection, selectContours, selectedContours } from "./selection.ts";
import { AddPointTool } from "./tools/add-point-tool.ts";
import { ContourPenTool } from "./tools/contour-pen-tool.ts";
import { PartialEraserTool, StrokeEraserTool } from "./tools/eraser-tools.ts";
import { PenTool } from "./tools/pen-tool.ts";
import { SelectTool } from "./tools/select-tool.ts";
import type { MetricLines, Tool, ToolContext, ToolId, ToolOverlay, ToolPointer } from "./tools/tool.ts";

/** Eraser radius by default, font units: about a pen stroke wide. */
export const DEFAULT_ERASER_RADIUS = 24;
/** Degrees one rotate command turns. */
export const ROTATE_STEP_DEGREES = 15;
/** Units of a nudge, and of a nudge with Shift. */
export const NUDGE_UNITS = { near: 1, far: 10 } as const;

export interface GlyphEditorOptions {
  document: GlyphDocument;
  history?: History;
  tool?: ToolId;
  pen?: PenOptions;
  eraserRadius?: number;
  /** The side bearings the font would give the letter automatically, font units; without it no lines are shown. */
  automaticBearings?: (glyph: GlyphDocument) => { left: number; right: number } | null;
  /** A steady clock in milliseconds, for joining nudges into one undo step. */
  now?: () => number;
}

/** What changed, for listeners: the saved document (and history), or only what is shown (a preview, a tool). */
export type EditorEvent = "document" | "view";

const NUDGES: Partial<Record<CommandId, [number, number]>> = {
  nudgeLeft: [-NUDGE_UNITS.near, 0],
  nudgeRight: [NUDGE_UNITS.near, 0],
  nudgeUp: [0, NUDGE_UNITS.near],
  nudgeDown: [0, -NUDGE_UNITS.near],
  nudgeLeftFar: [-NUDGE_UNITS.far, 0],
  nudgeRightFar: [NUDGE_UNITS.far, 0],
  nudgeUpFar: [0, NUDGE_UNITS.far],
  nudgeDownFar: [0, -NUDGE_UNITS.far],
};

const TOOL_COMMANDS: Partial<Record<CommandId, ToolId>> = {
  "tool.pen": "pen",
  "tool.strokeEraser": "strokeEraser",
  "tool.partialEraser": "partialEraser",
  "tool.select": "select",
  "tool.contourPen": "contourPen",
  "tool.addPoint": "addPoint",
};

/**
 * One letter being edited, with no DOM: the document, its undo history, the selection and the tools. Input
 * adapters (the browser pages, tests) feed it pointer events in font units and commands; every edit goes through
 * `apply` as a change with its inverse, so undo, redo and the stored history share one path.
 */
export class GlyphEditor {
  private current: GlyphDocument;
  private steps: History;
  private selected: Selection = EMPTY_SELECTION;
  private previewDocument: GlyphDocument | null = null;
  private readonly tools: Record<ToolId, Tool> = {
    pen: new PenTool(),
    strokeEraser: new StrokeEraserTool(),
    partialEraser: new PartialEraserTool(),
    select: new SelectTool(),
    contourPen: new ContourPenTool(),
    addPoint: new AddPointTool(),
  };
  private active: Tool;
  private listeners = new Set<(event: EditorEvent) => void>();
  private readonly now: () => number;
  private readonly automaticBearings: GlyphEditorOptions["automaticBearings"];
  private readonly context: ToolContext;
  pen: PenOptions;
  eraserRadius: number;
  /** Grows with every change of the document or of what is shown, for renderers that compare snapshots. */
  version = 0;

  constructor(options: GlyphEditorOptions) {
    this.current = options.document;
    this.steps = options.history ?? EMPTY_HISTORY;
    this.active = this.tools[options.tool ?? "pen"];
    this.pen = options.pen ?? DEFAULT_PEN;
    this.eraserRadius = options.eraserRadius ?? DEFAULT_ERASER_RADIUS;
    this.now = options.now ?? (() => Date.now());
    this.automaticBearings = options.automaticBearings;
    const self = this;
    this.context = {
      get document() {
        return self.current;
      },
      get selection() {
        return self.selected;
      },
      get pen() {
        return self.pen;
      },
      get eraserRadius() {
        return self.eraserRadius;
      },
      get metricLines() {
        return self.metricLinesOf(self.current);
      },
      commit: (change, label, options) => this.apply(change, label, options),
      select: (selection) => this.select(selection),
      preview: (change) => this.preview(change),
    };
  }

  /** The document as saved: what undo, autosave and the font see. */
  get document(): GlyphDocument {
    return this.current;
  }

  /** The document as shown: the saved one with the gesture in progress (a drag, an eraser pass) on top. */
  get view(): GlyphDocument {
    return this.previewDocument ?? this.current;
  }

  get history(): History {
    return this.steps;
  }

  get selection(): Selection {
    return this.selected;
  }

  get tool(): Tool {
    return this.active;
  }

  get overlay(): ToolOverlay {
    return this.active.overlay();
  }

  get canUndo(): boolean {
    return this.steps.undo.length > 0;
  }

  get canRedo(): boolean {
    return this.steps.redo.length > 0;
  }

  /** The side bearing lines of the document as shown, or null (no ink, or no automatic bearings to start from). */
  get metricLines(): MetricLines | null {
    return this.metricLinesOf(this.view);
  }

  subscribe(listener: (event: EditorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: EditorEvent): void {
    this.version += 1;
    for (const listener of this.listeners) listener(event);
  }

  private metricLinesOf(glyph: GlyphDocument): MetricLines | null {
    const box = documentBox(glyph);
    const automatic = box && this.automaticBearings?.(glyph);
    return box && automatic ? metricLines(glyph, box, automatic) : null;
  }

  /**
   * Records a change as one undoable step and applies it. `mergeKey` joins it with the previous step of the same
   * key (nudges in a row). Returns false for an empty change, which records nothing.
   */
  apply(change: Change, label: string, options: { selection?: Selection; mergeKey?: string } = {}): boolean {
    if (isEmptyChange(change)) return false;
    const { value, inverse } = applyChange(this.current, change);
    this.current = value;
    const entry = {
      label,
      change,
      inverse,
      at: this.now(),
      ...(options.mergeKey ? { mergeKey: options.mergeKey } : {}),
    };
    this.steps = recordStep(this.steps, entry);
    this.selected = options.selection ?? this.validSelection(this.selected);
    this.previewDocument = null;
    this.emit("document");
    return true;
  }

  /** Selection keys that still name points after a change; structural edits clear it. */
  private validSelection(selection: Selection): Selection {
    for (const key of selection) {
      const [c, p] = key.split(":").map(Number);
      if (!this.current.contours[c!]?.points[p!]) return EMPTY_SELECTION;
    }
    return selection;
  }

  undo(): boolean {
    const step = undoStep(this.steps);
    if (!step) return false;
    this.active.cancel(this.context);
    this.current = applyChange(this.current, step.entry.inverse).value;
    this.steps = step.history;
    this.selected = this.validSelection(this.selected);
    this.emit("document");
    return true;
  }

  redo(): boolean {
    const step = redoStep(this.steps);
    if (!step) return false;
    this.active.cancel(this.context);
    this.current = applyChange(this.current, step.entry.change).value;
    this.steps = step.history;
    this.selected = this.validSelection(this.selected);
    this.emit("document");
    return true;
  }

  select(selection: Selection): void {
    this.selected = selection;
    this.emit("view");
  }

  private preview(change: Change | null): void {
    this.previewDocument = change ? applyChange(this.current, change).value : null;
    this.emit("view");
  }

  setTool(id: ToolId): void {
    if (this.active.id === id) return;
    this.active.cancel(this.context);
    this.active = this.tools[id];
    this.emit("view");
  }

  pointerDown(event: ToolPointer): void {
    this.active.down(this.context, event);
    this.emit("view");
  }

  pointerMove(event: ToolPointer): void {
    this.active.move(this.context, event);
    this.emit("view");
  }

  pointerUp(event: ToolPointer): void {
    this.active.up(this.context, event);
    this.emit("view");
  }

  /** Abandons the gesture in progress (a second finger arrived, the pointer was lost). */
  cancelGesture(): void {
    this.active.cancel(this.context);
    this.emit("view");
  }

  /** The selected parts (or the whole letter) for the clipboard. */
  copy(): GlyphClipboard {
    return copyParts(this.current, this.selected);
  }

  paste(parts: GlyphClipboard): boolean {
    const { change, selection } = pasteParts(this.current, parts);
    return this.apply(change, "paste", { selection });
  }

  /** Replaces the whole document as one undoable step (taking the server's copy after a conflict, say). */
  replaceDocument(glyph: GlyphDocument, label: string): boolean {
    const keys = ["contours", "strokes", "metrics", "adjustments", "source"] as const;
    const change: Change = {
      ops: keys
        .filter((key) => JSON.stringify(glyph[key]) !== JSON.stringify(this.current[key]))
        .map((key) => ({ op: "set", path: [key], value: glyph[key] })),
    };
    return this.apply(change, label, { selection: EMPTY_SELECTION });
  }

  /**
   * Runs an editing command. Returns false when the command is not the editor's to run (zoom, letters, help: the
   * page's) or had nothing to act on.
   */
  run(command: CommandId): boolean {
    const tool = TOOL_COMMANDS[command];
    if (tool) {
      this.setTool(tool);
      return true;
    }
    const nudge = NUDGES[command];
    if (nudge) {
      if (this.selected.size === 0) return false;
      const keys = [...this.selected].sort().join(",");
      return this.apply(movePoints(this.current, this.selected, nudge[0], nudge[1]), "nudge", {
        selection: this.selected,
        mergeKey: `nudge:${keys}`,
      });
    }
    const glyph = this.current;
    const selection = this.selected;
    const contoursOfSelection = () =>
      selection.size > 0 ? selectedContours(selection) : glyph.contours.map((_, c) => c);
    const pivot = () => boxCenter(selectionBox(glyph, selection) ?? { xMin: 0, yMin: 0, xMax: 0, yMax: 0 });
    switch (command) {
      case "undo":
        return this.undo();
      case "redo":
        return this.redo();
      case "delete":
        if (this.active.stepBack?.(this.context)) return this.emitView();
        return this.apply(deletePoints(glyph, selection), "delete points", { selection: EMPTY_SELECTION });
      case "deleteContour":
        return this.apply(deleteContours(glyph, selectedContours(selection)), "delete contours", {
          selection: EMPTY_SELECTION,
        });
      case "selectAll":
        this.select(selectContours(glyph.contours, glyph.contours.keys()));
        return true;
      case "cancel":
        if (this.active.state !== "idle") this.cancelGesture();
        else this.select(EMPTY_SELECTION);
        return true;
      case "finish":
        return this.active.finish?.(this.context) ? this.emitView() : false;
      case "toggleSmooth":
        return this.apply(togglePointType(glyph, selection), "toggle smooth", { selection });
      case "reverse":
        return this.apply(reverseContours(glyph, contoursOfSelection()), "reverse direction", { selection });
      case "flipHorizontal":
      case "flipVertical": {
        const axis = command === "flipHorizontal" ? "horizontal" : "vertical";
        return this.apply(transformSelection(glyph, selection, flipAround(pivot(), axis)), "flip", { selection });
      }
      case "rotateLeft":
      case "rotateRight": {
        const degrees = command === "rotateLeft" ? ROTATE_STEP_DEGREES : -ROTATE_STEP_DEGREES;
        return this.apply(transformSelection(glyph, selection, rotateAround(pivot(), degrees)), "rotate", {
          selection,
        });
      }
      case "cut": {
        const parts = selection.size > 0;
        const change = parts
          ? deleteContours(glyph, selectedContours(selection))
          : {
              ops: [
                { op: "set" as const, path: ["contours"], value: [] },
                { op: "set" as const, path: ["strokes"], value: [] },
              ],
            };
        return this.apply(change, "cut", { selection: EMPTY_SELECTION });
      }
      default:
        return false;
    }
  }

  private emitView(): true {
    this.emit("view");
    return true;
  }
}
