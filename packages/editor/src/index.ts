// @handfont/editor: the glyph editors' logic without a DOM (README.md): changes with their inverse, history, tools as
// state machines, document operations, keyboard map, viewport math, letter navigation and the autosave's rules.
export {
  applyChange,
  type Change,
  ChangeError,
  type ChangeOperation,
  concatChanges,
  EMPTY_CHANGE,
} from "./change/change.ts";
export {
  EMPTY_HISTORY,
  HISTORY_LIMIT,
  type History,
  type HistoryEntry,
  recordStep,
  redoStep,
  undoStep,
} from "./change/history.ts";
export { boxCenter, documentBox, selectionBox } from "./geometry/bounds.ts";
export { type ContourNode, contourToNodes, nodesToContour } from "./geometry/contour-nodes.ts";
export { type ContourSegment, contourSegments } from "./geometry/contour-segments.ts";
export { cutRun, strokeHalfWidth, sweepTouchesStroke } from "./geometry/erase.ts";
export { hitPoint, hitSegment, pointsInBox } from "./geometry/hit-test.ts";
export {
  DEFAULT_ERASER_RADIUS,
  type EditorEvent,
  GlyphEditor,
  type GlyphEditorOptions,
  NUDGE_UNITS,
  ROTATE_STEP_DEGREES,
} from "./glyph-editor.ts";
export { type ArbiterAction, type PenMode, PointerArbiter, type PointerDown } from "./input/pointer-arbiter.ts";
export {
  bindingLabel,
  COMMAND_IDS,
  type CommandId,
  type CommandScope,
  commandOfKey,
  type KeyBinding,
  type KeyPress,
  pressedCode,
  SHORTCUTS,
  type Shortcut,
  shortcutsOf,
} from "./keyboard/keymap.ts";
export {
  type CharacterPlan,
  defaultPlan,
  type LetterSlot,
  letterKey,
  letterSlots,
  MAX_PLAN_VARIANTS,
  neighbourSlot,
  nextMissingSlot,
  parseLetterKey,
} from "./letters/letter-slots.ts";
export { copyParts, type GlyphClipboard, parseClipboard, pasteParts } from "./operations/clipboard.ts";
export {
  addContours,
  deleteContours,
  flipAround,
  reverseContours,
  rotateAround,
  transformSelection,
} from "./operations/contours.ts";
export { dragMetricLine, type InkMeasure, metricLines, setMetrics } from "./operations/metrics.ts";
export { removeOverlap, strokesToContours } from "./operations/overlap.ts";
export { deletePoints, insertPoint, movePoints, togglePointType } from "./operations/points.ts";
export { addStrokes, nextStrokeIds, removeStrokes, replaceStrokes } from "./operations/strokes.ts";
export {
  EMPTY_SELECTION,
  type PointKey,
  parsePointKey,
  pointKey,
  type Selection,
  selectContours,
} from "./selection.ts";
export {
  applyConflicts,
  applySaved,
  editLocally,
  fromServer,
  isBlank,
  isSettledLocally,
  keepMine,
  type LetterChange,
  type LocalLetter,
  mergeOnOpen,
  pendingChanges,
  type ServerLetter,
  takeTheirs,
} from "./sync/letter-sync.ts";
export { STROKE_POINT_LIMIT } from "./tools/pen-tool.ts";
export {
  hitRadiusPixels,
  type MetricLines,
  type PointerKind,
  type Tool,
  type ToolId,
  type ToolOverlay,
  type ToolPointer,
} from "./tools/tool.ts";
export {
  type FingerPair,
  fitBox,
  panBy,
  pinchView,
  toFontUnits,
  toScreen,
  type Viewport,
  ZOOM_LIMITS,
  zoomAt,
} from "./viewport/viewport.ts";
