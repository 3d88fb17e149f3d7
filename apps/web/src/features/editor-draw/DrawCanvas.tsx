import {
  type ArbiterAction,
  fitBox,
  type GlyphEditor,
  type PointerArbiter,
  type PointerKind,
  panBy,
  pinchView,
  type ToolPointer,
  toFontUnits,
  type Viewport,
  zoomAt,
} from "@handfont/editor";
import {
  type GlyphDocument,
  outlineBounds,
  outlineFromContours,
  outlineToSvgPath,
  type PenStroke,
  type Point,
  parseSvgPath,
  strokeOutline,
} from "@handfont/engine/fonts";
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { fontUnitsTransform, GuidesLayer, ReferenceLetter } from "../glyph-editing/GuidesLayer.tsx";
import { MarkPlaceholder } from "../glyph-editing/MarkPlaceholder.tsx";
import classes from "./DrawCanvas.module.css";

/** The letter's frame a view is fitted to: descender to above cap height, a wide letter's width. */
export const LETTER_FRAME = { xMin: -100, xMax: 800, yMin: -300, yMax: 850 };
/** Units between the letter and a neighbour drawn beside it. */
const NEIGHBOUR_GAP = 120;
/** Zoom per button press or key. */
export const ZOOM_STEP = 1.25;

export interface CanvasControls {
  zoom(factor: number): void;
  fit(): void;
}

const kindOf = (pointerType: string): PointerKind =>
  pointerType === "pen" ? "pen" : pointerType === "touch" ? "touch" : "mouse";

type Piece = { d: string; min: number; max: number };

const polygonPieces = (polygons: readonly { x: number; y: number }[][]): Piece[] =>
  polygons
    .filter((polygon) => polygon.length > 2)
    .map((polygon) => ({
      d: `M${polygon.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join("L")}Z`,
      min: Math.min(...polygon.map((p) => p.x)),
      max: Math.max(...polygon.map((p) => p.x)),
    }));

// The shapes of each stroke, by stroke: a stroke never changes once drawn (erasers replace it), so a new stroke or an
// eraser pass shapes only the strokes it made, not the whole letter.
const strokePieces = new WeakMap<PenStroke, Piece[]>();
function piecesOf(stroke: PenStroke): Piece[] {
  let pieces = strokePieces.get(stroke);
  if (!pieces) {
    pieces = polygonPieces(strokeOutline(stroke));
    strokePieces.set(stroke, pieces);
  }
  return pieces;
}

/**
 * The letter as drawn on the canvas: its contours, and each piece of each stroke as its own shape. Filled, the pieces
 * cover exactly the union the font gets (outlineOf), without uniting and fitting curves on every change; each piece is
 * a separate path so two pieces running opposite ways round never cancel where they overlap.
 */
function letterShapes(glyph: GlyphDocument): {
  contours: string;
  pieces: { key: string; d: string }[];
  ink: { min: number; max: number } | null;
} {
  const contours = glyph.contours.length > 0 ? outlineToSvgPath(outlineFromContours(glyph.contours)) : "";
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const pieces: { key: string; d: string }[] = [];
  for (const stroke of glyph.strokes) {
    piecesOf(stroke).forEach((piece, k) => {
      pieces.push({ key: `${stroke.id}-${k}`, d: piece.d });
      min = Math.min(min, piece.min);
      max = Math.max(max, piece.max);
    });
  }
  const box = contours ? outlineBounds(parseSvgPath(contours)) : null;
  if (box) {
    min = Math.min(min, box.xMin);
    max = Math.max(max, box.xMax);
  }
  const { scale } = glyph.adjustments;
  return { contours, pieces, ink: Number.isFinite(min) ? { min: min * scale, max: max * scale } : null };
}

function inkRange(path: string): { min: number; max: number } | null {
  if (!path) return null;
  const box = outlineBounds(parseSvgPath(path));
  return box ? { min: box.xMin, max: box.xMax } : null;
}

/**
 * The drawing surface: guides, the reference letter, the neighbours, the letter as the font will have it (its strokes'
 * union, derived by the engine) and the gesture in progress. It turns Pointer Events (with their coalesced samples,
 * for a smooth line at any frame rate) into the editor's font-unit events, and lets the pointer arbiter decide what
 * each pointer does: draw, pan, or pinch-zoom (pen mode keeps fingers off the ink once a stylus is seen).
 */
export const DrawCanvas = forwardRef<
  CanvasControls,
  {
    editor: GlyphEditor;
    arbiter: PointerArbiter;
    chars: string;
    showReference: boolean;
    neighbours: { before: string; after: string };
    label: string;
    /** Called when the arbiter's pen mode changed by itself (a stylus was seen). */
    onPenModeChange: () => void;
  }
>(function DrawCanvas(props, ref) {
  const { editor, arbiter } = props;
  const subscribe = useMemo(() => editor.subscribe.bind(editor), [editor]);
  useSyncExternalStore(subscribe, () => editor.version);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [view, setView] = useState<Viewport>(() => fitBox(LETTER_FRAME, 600, 480));
  const pinchStart = useRef<Viewport | null>(null);
  const spaceHeld = useRef(false);
  const rect = useRef<DOMRect | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  // Follows the box's size; the letter is fitted again whenever the size or the letter changes.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = size.width || 600;
  const height = size.height || 480;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new letter (editor) is fitted again.
  useEffect(() => setView(fitBox(LETTER_FRAME, width, height)), [width, height, editor]);

  useImperativeHandle(
    ref,
    () => ({
      zoom: (factor) => setView((current) => zoomAt(current, { x: width / 2, y: height / 2 }, factor)),
      fit: () => setView(fitBox(LETTER_FRAME, width, height)),
    }),
    [width, height],
  );

  // Space held turns the mouse into a hand; the wheel pans, and zooms with Ctrl (a trackpad's pinch sends that).
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.code === "Space" && event.target === document.body) {
        spaceHeld.current = true;
        event.preventDefault();
      }
    };
    const up = (event: KeyboardEvent) => {
      if (event.code === "Space") spaceHeld.current = false;
    };
    const element = box.current;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const bounds = element!.getBoundingClientRect();
      const at = { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
      if (event.ctrlKey || event.metaKey) setView((current) => zoomAt(current, at, Math.exp(-event.deltaY * 0.01)));
      else setView((current) => panBy(current, -event.deltaX, -event.deltaY));
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    element?.addEventListener("wheel", wheel, { passive: false });
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
      element?.removeEventListener("wheel", wheel);
    };
  }, []);

  const local = (event: { clientX: number; clientY: number }): Point => {
    const bounds = rect.current ?? box.current!.getBoundingClientRect();
    return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
  };
  const toolPointer = (event: PointerEvent | React.PointerEvent): ToolPointer => {
    const current = viewRef.current;
    const at = toFontUnits(current, local(event));
    return {
      x: at.x,
      y: at.y,
      pressure: event.pressure,
      t: event.timeStamp,
      kind: kindOf(event.pointerType),
      shift: event.shiftKey,
      alt: event.altKey,
      unitsPerPixel: 1 / current.scale,
    };
  };

  const perform = (actions: ArbiterAction[], event: React.PointerEvent) => {
    for (const action of actions) {
      switch (action.kind) {
        case "draw":
          if (action.phase === "start") editor.pointerDown(toolPointer(event));
          else if (action.phase === "end") editor.pointerUp(toolPointer(event));
          else {
            // Coalesced samples: every position the digitiser reported since the last frame, not only the last.
            const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
            for (const sample of samples.length > 0 ? samples : [event.nativeEvent])
              editor.pointerMove(toolPointer(sample));
          }
          break;
        case "cancelDraw":
          editor.cancelGesture();
          break;
        case "pan":
          setView((current) => panBy(current, action.dx, action.dy));
          break;
        case "pinch":
          if (action.phase === "start") pinchStart.current = viewRef.current;
          else if (pinchStart.current) setView(pinchView(pinchStart.current, action.from, action.to));
          break;
        case "none":
          break;
      }
    }
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    rect.current = box.current!.getBoundingClientRect();
    const modeBefore = arbiter.mode;
    const actions = arbiter.down({
      id: event.pointerId,
      kind: kindOf(event.pointerType),
      at: local(event),
      button: event.button,
      spaceHeld: spaceHeld.current,
    });
    if (arbiter.mode !== modeBefore) props.onPenModeChange();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    perform(actions, event);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    perform([arbiter.move(event.pointerId, local(event))], event);
  };
  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    perform([arbiter.up(event.pointerId, event.type === "pointercancel")], event);
  };

  const shown = editor.view;
  const shapes = useMemo(() => letterShapes(shown), [shown]);
  const overlay = editor.overlay;
  const overlayPieces = overlay.kind === "stroke" ? polygonPieces(strokeOutline(overlay.stroke)) : [];
  const ink = shapes.ink ?? { min: 0, max: 600 };
  const { scale, baselineShift } = shown.adjustments;
  const before = useMemo(() => inkRange(props.neighbours.before), [props.neighbours.before]);
  const after = useMemo(() => inkRange(props.neighbours.after), [props.neighbours.after]);
  const cursor = editor.tool.id === "pen" ? "crosshair" : "cell";

  return (
    <div
      ref={box}
      className={classes.canvas}
      style={{ cursor }}
      role="application"
      aria-label={props.label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onContextMenu={(event) => event.preventDefault()}
      data-testid="draw-canvas"
      data-tool={editor.tool.id}
      data-strokes={editor.document.strokes.length}
    >
      <svg width={width} height={height} className={classes.svg} aria-hidden="true">
        <GuidesLayer view={view} width={width} />
        <MarkPlaceholder view={view} chars={props.chars} />
        {props.showReference && <ReferenceLetter view={view} chars={props.chars} />}
        <g transform={fontUnitsTransform(view)}>
          {before && (
            <path
              d={props.neighbours.before}
              transform={`translate(${ink.min - NEIGHBOUR_GAP - before.max} 0)`}
              className={classes.neighbour}
            />
          )}
          {after && (
            <path
              d={props.neighbours.after}
              transform={`translate(${ink.max + NEIGHBOUR_GAP - after.min} 0)`}
              className={classes.neighbour}
            />
          )}
          <g
            className={classes.ink}
            data-testid="letter-ink"
            transform={scale !== 1 || baselineShift !== 0 ? `translate(0 ${baselineShift}) scale(${scale})` : undefined}
          >
            {shapes.contours && <path d={shapes.contours} />}
            {shapes.pieces.map((piece) => (
              <path key={piece.key} d={piece.d} />
            ))}
            {overlayPieces.map((piece, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of the stroke being drawn, in order.
              <path key={k} d={piece.d} />
            ))}
          </g>
          {overlay.kind === "eraser" && (
            <circle
              cx={overlay.center.x}
              cy={overlay.center.y}
              r={overlay.radius}
              className={classes.eraser}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </g>
      </svg>
    </div>
  );
});
