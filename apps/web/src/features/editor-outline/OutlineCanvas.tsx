import {
  type GlyphEditor,
  type PointerKind,
  panBy,
  pinchView,
  pointKey,
  type ToolPointer,
  toFontUnits,
  toScreen,
  type Viewport,
  zoomAt,
} from "@handfont/editor";
import type { GlyphContour, Point, UnitBox } from "@handfont/engine/fonts";
import {
  memo,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { GuidesLayer } from "../glyph-editing/GuidesLayer.tsx";
import { glyphPathData, handleLines, nodesPathData } from "./outline-paths.ts";

const ACCENT = "var(--mantine-color-violet-5)";
const INK = "var(--mantine-color-text)";
const BEARING = "var(--mantine-color-teal-5)";

/** How much one notch of the wheel zooms. */
const WHEEL_ZOOM = 0.0015;

export interface TracingImage {
  url: string;
  box: UnitBox;
}

export interface OutlineCanvasProps {
  editor: GlyphEditor;
  view: Viewport;
  onView: (view: Viewport) => void;
  size: { width: number; height: number };
  /** Whether the space bar is held: a drag then pans instead of editing. */
  spaceHeld: RefObject<boolean>;
  tracing: TracingImage | null;
  showGuides: boolean;
}

const pointerKind = (type: string): PointerKind => (type === "pen" || type === "touch" ? type : "mouse");

/**
 * The letter on screen, in SVG: the scan to trace, the font's guides, the side bearings, the filled outline, its
 * contours with points and handles, the selection and what the tool is doing. Pointer input is turned into font
 * units for the editor; wheel, pinch, space-drag and the middle button move the view.
 */
export const OutlineCanvas = memo(function OutlineCanvas(props: OutlineCanvasProps) {
  const { editor, view, onView, size, tracing, showGuides } = props;
  // The canvas follows every change of the editor (a drag's every move); the page around it does not.
  useSyncExternalStore(
    (listener) => editor.subscribe(listener),
    () => editor.version,
  );
  const { t } = useTranslation("editor-outline");
  const svg = useRef<SVGSVGElement>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  // Pointers down on the canvas by id, in screen pixels; two touches make a pinch.
  const touches = useRef(new Map<number, Point>());
  const pinch = useRef<{ start: Viewport; from: [Point, Point] } | null>(null);
  const pan = useRef<{ x: number; y: number; id: number } | null>(null);

  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    // Not a React handler: the page must not scroll while the wheel zooms, which needs a non-passive listener.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      onView(zoomAt(viewRef.current, at, Math.exp(-event.deltaY * WHEEL_ZOOM)));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [onView]);

  const screenPoint = (event: { clientX: number; clientY: number }): Point => {
    const rect = svg.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const toolPointer = (event: ReactPointerEvent): ToolPointer => {
    const at = toFontUnits(view, screenPoint(event));
    const kind = pointerKind(event.pointerType);
    return {
      x: at.x,
      y: at.y,
      pressure: kind === "pen" ? event.pressure : 0.5,
      t: event.timeStamp,
      kind,
      shift: event.shiftKey,
      alt: event.altKey,
      unitsPerPixel: 1 / view.scale,
    };
  };

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    svg.current?.setPointerCapture?.(event.pointerId);
    // Shortcuts are read on the window: a text field keeping focus (the advance width) would swallow them.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const at = screenPoint(event);
    if (event.pointerType === "touch") {
      touches.current.set(event.pointerId, at);
      if (touches.current.size === 2) {
        // A second finger: whatever the first one started is abandoned, the two now pan and zoom.
        editor.cancelGesture();
        pinch.current = { start: view, from: [...touches.current.values()] as [Point, Point] };
        return;
      }
      if (touches.current.size > 2) return;
    }
    if (event.button === 1 || (event.button === 0 && props.spaceHeld.current)) {
      event.preventDefault();
      pan.current = { ...at, id: event.pointerId };
      return;
    }
    if (event.button !== 0) return;
    editor.pointerDown(toolPointer(event));
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    const at = screenPoint(event);
    if (event.pointerType === "touch" && touches.current.has(event.pointerId)) {
      touches.current.set(event.pointerId, at);
      if (pinch.current && touches.current.size >= 2) {
        const to = [...touches.current.values()].slice(0, 2) as [Point, Point];
        onView(pinchView(pinch.current.start, pinch.current.from, to));
        return;
      }
    }
    if (pan.current) {
      if (pan.current.id !== event.pointerId) return;
      onView(panBy(view, at.x - pan.current.x, at.y - pan.current.y));
      pan.current = { ...at, id: event.pointerId };
      return;
    }
    if (pinch.current) return;
    editor.pointerMove(toolPointer(event));
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    touches.current.delete(event.pointerId);
    if (pinch.current) {
      if (touches.current.size === 0) pinch.current = null;
      return;
    }
    if (pan.current) {
      if (pan.current.id === event.pointerId) pan.current = null;
      return;
    }
    if (event.type === "pointercancel") editor.cancelGesture();
    else editor.pointerUp(toolPointer(event));
  };

  const glyph = editor.view;
  const selection = editor.selection;
  const overlay = editor.overlay;
  const lines = editor.metricLines;
  // The advance width in font units, shown between the side bearing lines (following a bearing as it is dragged).
  const advance = lines ? Math.round((lines.right - lines.left) * glyph.adjustments.scale) : null;
  const y = (fontY: number) => toScreen(view, { x: 0, y: fontY }).y;
  const x = (fontX: number) => toScreen(view, { x: fontX, y: 0 }).x;
  const tool = editor.tool;
  const cursor = props.spaceHeld.current
    ? "grab"
    : tool.id === "contourPen" || tool.id === "addPoint"
      ? "crosshair"
      : "default";

  return (
    <svg
      ref={svg}
      width={size.width}
      height={size.height}
      role="application"
      aria-label={t("canvas.label")}
      aria-roledescription={t("canvas.role")}
      data-testid="outline-canvas"
      data-tool={tool.id}
      data-tool-state={tool.state}
      style={{ display: "block", touchAction: "none", cursor, outline: "none", userSelect: "none" }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onContextMenu={(event) => event.preventDefault()}
    >
      {tracing && (
        <image
          data-testid="tracing-image"
          href={tracing.url}
          x={x(tracing.box.xMin)}
          y={y(tracing.box.yMax)}
          width={(tracing.box.xMax - tracing.box.xMin) * view.scale}
          height={(tracing.box.yMax - tracing.box.yMin) * view.scale}
          preserveAspectRatio="none"
          opacity={0.6}
        />
      )}
      {showGuides && <GuidesLayer view={view} width={size.width} />}
      {lines && (
        <g data-testid="side-bearings" stroke={BEARING}>
          <rect
            x={x(lines.left)}
            y={0}
            width={Math.max(0, x(lines.right) - x(lines.left))}
            height={size.height}
            fill={BEARING}
            fillOpacity={0.04}
            stroke="none"
          />
          <line x1={x(lines.left)} x2={x(lines.left)} y1={0} y2={size.height} strokeWidth={2} />
          <line x1={x(lines.right)} x2={x(lines.right)} y1={0} y2={size.height} strokeWidth={2} />
          {advance !== null && (
            <text
              x={(x(lines.left) + x(lines.right)) / 2}
              y={size.height - 8}
              textAnchor="middle"
              fontSize={11}
              fill={BEARING}
              stroke="none"
            >
              {advance}
            </text>
          )}
        </g>
      )}
      <path
        d={glyphPathData(glyph, view)}
        fill={INK}
        fillOpacity={0.12}
        fillRule="nonzero"
        stroke={INK}
        strokeWidth={1.25}
        data-testid="outline-path"
      />
      <g data-testid="points">
        {glyph.contours.map((contour, c) => (
          <ContourPoints
            // biome-ignore lint/suspicious/noArrayIndexKey: contours have no identity of their own but their place
            key={c}
            index={c}
            contour={contour}
            view={view}
            selected={selectedOf(selection, c, contour.points.length)}
          />
        ))}
      </g>
      {overlay.kind === "box" && (
        <rect
          x={x(overlay.box.xMin)}
          y={y(overlay.box.yMax)}
          width={(overlay.box.xMax - overlay.box.xMin) * view.scale}
          height={(overlay.box.yMax - overlay.box.yMin) * view.scale}
          fill={ACCENT}
          fillOpacity={0.08}
          stroke={ACCENT}
          strokeDasharray="4 3"
        />
      )}
      {overlay.kind === "contour" && overlay.nodes.length > 0 && (
        <g data-testid="pen-overlay">
          <path d={nodesPathData(overlay.nodes, view)} fill="none" stroke={ACCENT} strokeWidth={1.5} />
          {overlay.cursor && (
            <line
              x1={toScreen(view, overlay.nodes.at(-1)!).x}
              y1={toScreen(view, overlay.nodes.at(-1)!).y}
              x2={toScreen(view, overlay.cursor).x}
              y2={toScreen(view, overlay.cursor).y}
              stroke={ACCENT}
              strokeDasharray="3 3"
            />
          )}
          {overlay.nodes.map((node, k) => {
            const s = toScreen(view, node);
            return (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: the unfinished contour's nodes in order
                key={k}
                cx={s.x}
                cy={s.y}
                r={k === 0 && overlay.closing ? 7 : 4}
                fill={k === 0 ? ACCENT : "var(--mantine-color-body)"}
                stroke={ACCENT}
              />
            );
          })}
        </g>
      )}
    </svg>
  );
});

/** The selected points of one contour as a string ("0,3,4"), so a contour redraws only when its own selection changes. */
function selectedOf(selection: ReadonlySet<string>, contour: number, count: number): string {
  if (selection.size === 0) return "";
  const picked: number[] = [];
  for (let p = 0; p < count; p++) if (selection.has(pointKey(contour, p))) picked.push(p);
  return picked.join(",");
}

/**
 * One contour's points and handles. Memoised: dragging a point redraws its contour alone, and a letter read from a
 * scan has hundreds of points.
 */
const ContourPoints = memo(function ContourPoints(props: {
  index: number;
  contour: GlyphContour;
  view: Viewport;
  selected: string;
}) {
  const { index: c, contour, view } = props;
  const selected = new Set(props.selected === "" ? [] : props.selected.split(",").map(Number));
  return (
    <g>
      {handleLines(contour).map(([handle, point], k) => {
        const a = toScreen(view, handle);
        const b = toScreen(view, point);
        // biome-ignore lint/suspicious/noArrayIndexKey: handle lines are listed in contour order
        return <line key={k} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={ACCENT} strokeOpacity={0.6} />;
      })}
      {contour.points.map((point, p) => {
        const key = pointKey(c, p);
        const s = toScreen(view, point);
        const isSelected = selected.has(p);
        const common = {
          "data-point": key,
          // Font units, for tests and tools that read the outline off the page.
          "data-x": point.x,
          "data-y": point.y,
          "data-selected": isSelected ? "true" : undefined,
          stroke: ACCENT,
          strokeWidth: 1.5,
          fill: isSelected ? ACCENT : "var(--mantine-color-body)",
        };
        if (!point.on) return <circle key={key} cx={s.x} cy={s.y} r={3.5} {...common} />;
        const r = p === 0 ? 6 : 4.5;
        return point.type === "smooth" ? (
          <circle key={key} cx={s.x} cy={s.y} r={r} {...common} data-type="smooth" />
        ) : (
          <rect key={key} x={s.x - r} y={s.y - r} width={2 * r} height={2 * r} {...common} data-type="corner" />
        );
      })}
    </g>
  );
});
