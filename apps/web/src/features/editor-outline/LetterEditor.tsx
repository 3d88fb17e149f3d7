import {
  type CommandId,
  fitBox,
  type GlyphClipboard,
  GlyphEditor,
  type LetterSlot,
  letterKey,
  parseClipboard,
  setMetrics,
  type Viewport,
  zoomAt,
} from "@handfont/editor";
import { emptyGlyphDocument } from "@handfont/engine/fonts";
import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AutosaveSession, AutosaveSnapshot } from "../glyph-editing/autosave-session.ts";
import { ConflictNotice, SaveStatusText } from "../glyph-editing/ConflictNotice.tsx";
import { useEditorShortcuts } from "../glyph-editing/use-editor-shortcuts.ts";
import { fitArea } from "./fit-area.ts";
import { inkMeasurer } from "./ink-measure.ts";
import { OutlineCanvas, type TracingImage } from "./OutlineCanvas.tsx";
import { OutlineToolbar, ShortcutHelp } from "./OutlineToolbar.tsx";

/** Zoom factor of one zoom command. */
const ZOOM_STEP = 1.25;
const CANVAS_HEIGHT = { min: 360, max: 720 };

// Parts copied in this tab: the system clipboard may refuse to be read (no permission), and a letter's parts should
// still paste into the next one.
let copied: GlyphClipboard | null = null;

const documentIds = new WeakMap<object, number>();
let lastDocumentId = 0;
/** What the page around the canvas shows of the editor, as a string that changes only when that does. */
function chromeOf(editor: GlyphEditor): string {
  let id = documentIds.get(editor.document);
  if (id === undefined) {
    lastDocumentId += 1;
    id = lastDocumentId;
    documentIds.set(editor.document, id);
  }
  return `${id}|${editor.tool.id}|${editor.selection.size}|${editor.canUndo}|${editor.canRedo}`;
}

/** Whether Space activates the focused button or link, which the editor leaves alone (no panning then). */
const activatesControl = (event: KeyboardEvent) =>
  event.target instanceof HTMLElement &&
  event.target.closest("button, a, [role=button], [role=option], [role=tab]") !== null;

/** Whether a key press belongs to a text field rather than to the editor. */
const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export interface LetterEditorProps {
  slot: LetterSlot;
  /** The font's autosave (shared with the pen editor): this letter's edits go there, and its copy starts the editor. */
  session: AutosaveSession;
  snapshot: AutosaveSnapshot;
  tracing: TracingImage | null;
  onNeighbour: (step: 1 | -1) => void;
}

/** One letter open in the outline editor: canvas, toolbar, metrics, save state. Mounted anew for every letter. */
export function LetterEditor(props: LetterEditorProps) {
  const { t } = useTranslation("editor-outline");
  const { slot, session, snapshot } = props;
  const [converted, setConverted] = useState(false);
  // Started from the device's copy of the letter, its undo history included (so it survives a reload).
  const [editor] = useState(() => {
    const local = snapshot.letters.get(letterKey(slot));
    return new GlyphEditor({
      document: local?.document ?? emptyGlyphDocument({ kind: "drawn" }),
      ...(local ? { history: local.history } : {}),
      tool: "select",
      measureInk: inkMeasurer(slot.chars),
    });
  });
  // The toolbar and fields change with the document, the tool and the selection, not with every move of a drag.
  useSyncExternalStore(
    (listener) => editor.subscribe(listener),
    () => chromeOf(editor),
  );
  // Taking the other version in a conflict is recorded by the session itself, not sent as an edit.
  const quiet = useRef(false);
  const [view, setView] = useState<Viewport | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [help, setHelp] = useState(false);
  const [tracingShown, setTracingShown] = useState(true);
  const spaceHeld = useRef(false);
  const container = useRef<HTMLDivElement>(null);
  const onNeighbour = useRef(props.onNeighbour);
  onNeighbour.current = props.onNeighbour;

  useEffect(() => {
    // A letter drawn with the pen has strokes; this editor edits points, so they become contours (one undo step). Only
    // opening it saves nothing: the conversion goes to the server with the first edit.
    if (editor.document.strokes.length > 0 && editor.convertStrokes()) setConverted(true);
    return editor.subscribe((event) => {
      if (event === "document" && !quiet.current) session.edit(slot, editor.document, editor.history);
    });
  }, [editor, session, slot]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const width = Math.round(element.clientWidth);
      const height = Math.round(Math.min(CANVAS_HEIGHT.max, Math.max(CANVAS_HEIGHT.min, window.innerHeight * 0.6)));
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const fit = useCallback(() => {
    if (size.width === 0) return;
    setView(fitBox(fitArea(editor.document, editor.metricLines), size.width, size.height, 32));
  }, [editor, size]);

  useEffect(() => {
    if (view === null) fit();
  }, [view, fit]);

  const copy = useCallback((): string => {
    copied = editor.copy();
    return JSON.stringify(copied);
  }, [editor]);

  const pasteText = useCallback(
    (text: string | null) => {
      const parts = (text ? parseClipboard(text) : null) ?? copied;
      if (parts) editor.paste(parts);
    },
    [editor],
  );

  const run = useCallback(
    (command: CommandId): boolean => {
      const center = { x: size.width / 2, y: size.height / 2 };
      switch (command) {
        case "zoomIn":
        case "zoomOut":
          setView((old) => old && zoomAt(old, center, command === "zoomIn" ? ZOOM_STEP : 1 / ZOOM_STEP));
          return true;
        case "fit":
          fit();
          return true;
        case "help":
          setHelp(true);
          return true;
        case "toggleReference":
          setTracingShown((shown) => !shown);
          return true;
        case "previousLetter":
        case "nextLetter":
          onNeighbour.current(command === "nextLetter" ? 1 : -1);
          return true;
        case "copy":
          void navigator.clipboard?.writeText(copy()).catch(() => undefined);
          return true;
        case "paste":
          if (navigator.clipboard?.readText) {
            navigator.clipboard.readText().then(pasteText, () => pasteText(null));
          } else pasteText(null);
          return true;
        default:
          // Undo and redo with nothing to step through still keep the browser's own undo out of the page.
          return editor.run(command) || command === "undo" || command === "redo";
      }
    },
    [editor, size, fit, copy, pasteText],
  );

  // Copy, cut and paste are left to the browser's clipboard events (below), which need no permission to read.
  useEditorShortcuts(
    "outline",
    (command) => (command === "copy" || command === "cut" || command === "paste" ? false : run(command)),
    !help,
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== "Space" || typingInField(event.target) || activatesControl(event)) return;
      spaceHeld.current = true;
      event.preventDefault();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.code === "Space") spaceHeld.current = false;
    };
    const onCopy = (event: ClipboardEvent) => {
      if (typingInField(event.target)) return;
      event.clipboardData?.setData("text/plain", copy());
      event.preventDefault();
    };
    const onCut = (event: ClipboardEvent) => {
      onCopy(event);
      if (!typingInField(event.target)) editor.run("cut");
    };
    const onPaste = (event: ClipboardEvent) => {
      if (typingInField(event.target)) return;
      event.preventDefault();
      pasteText(event.clipboardData?.getData("text/plain") ?? null);
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("copy", onCopy);
    window.addEventListener("cut", onCut);
    window.addEventListener("paste", onPaste);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("copy", onCopy);
      window.removeEventListener("cut", onCut);
      window.removeEventListener("paste", onPaste);
    };
  }, [editor, copy, pasteText]);

  const glyph = editor.document;
  const lines = editor.metricLines;
  const scale = glyph.adjustments.scale;
  const advance = lines ? Math.round((lines.right - lines.left) * scale) : glyph.metrics.advance;
  const bearings = lines
    ? {
        left: Math.round((lines.inkLeft - lines.left) * scale),
        right: Math.round((lines.right - lines.inkRight) * scale),
      }
    : null;
  // Commands with nothing to act on, as one string so the toolbar redraws only when the set changes.
  const selected = editor.selection.size > 0;
  const hasContours = glyph.contours.length > 0;
  const disabled = [
    ...(editor.canUndo ? [] : ["undo"]),
    ...(editor.canRedo ? [] : ["redo"]),
    ...(selected ? [] : ["delete", "deleteContour", "toggleSmooth"]),
    ...(hasContours
      ? []
      : ["reverse", "removeOverlap", "flipHorizontal", "flipVertical", "rotateLeft", "rotateRight", "copy"]),
  ].join(",");

  const takeTheirs = (key: string) => {
    const local = snapshot.letters.get(key);
    if (!local?.conflict) return;
    const theirs = local.conflict.server?.document ?? null;
    // The other version goes in as one undoable step, so the user can still step back to their own.
    const target =
      key === letterKey(slot)
        ? editor
        : new GlyphEditor({
            document: local.document ?? emptyGlyphDocument({ kind: "drawn" }),
            history: local.history,
          });
    quiet.current = true;
    target.replaceDocument(theirs ?? emptyGlyphDocument({ kind: "drawn" }), "take theirs");
    quiet.current = false;
    session.takeTheirs(key, theirs ? target.document : null, target.history);
  };

  const setMetric = (key: "advance" | "leftSideBearing" | "rightSideBearing", value: string | number) => {
    const number = typeof value === "number" ? value : Number.parseFloat(value);
    if (!Number.isFinite(number)) return;
    // Typing "650" is one step, not three.
    editor.apply(setMetrics(editor.document, { [key]: number }), t(`metrics.${key}`), {
      selection: editor.selection,
      mergeKey: `metric:${key}`,
    });
  };

  return (
    <Stack gap="sm">
      {converted && (
        <Alert color="blue" withCloseButton onClose={() => setConverted(false)} data-testid="strokes-converted">
          {t("notices.converted")}
        </Alert>
      )}
      <ConflictNotice
        letters={[...snapshot.letters.values()].filter((letter) => letter.conflict)}
        onKeepMine={(key) => session.keepMine(key)}
        onTakeTheirs={takeTheirs}
      />
      <SaveStatusText status={snapshot.status} />
      <OutlineToolbar
        tool={editor.tool.id}
        tracingShown={props.tracing ? tracingShown : null}
        disabled={disabled}
        onCommand={run}
      />
      <Paper withBorder ref={container} style={{ overflow: "hidden" }}>
        {view && size.width > 0 && (
          <OutlineCanvas
            editor={editor}
            view={view}
            onView={setView}
            size={size}
            spaceHeld={spaceHeld}
            tracing={tracingShown ? props.tracing : null}
            showGuides
          />
        )}
      </Paper>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t("metrics.advance")}
          description={glyph.metrics.advance === null ? t("metrics.automatic") : undefined}
          value={advance ?? ""}
          min={0}
          max={5000}
          step={10}
          w={140}
          onChange={(value) => setMetric("advance", value)}
          data-testid="advance-width"
        />
        <NumberInput
          label={t("metrics.leftSideBearing")}
          value={bearings?.left ?? ""}
          disabled={!bearings}
          min={-2000}
          max={2000}
          step={10}
          w={140}
          onChange={(value) => setMetric("leftSideBearing", value)}
        />
        <NumberInput
          label={t("metrics.rightSideBearing")}
          value={bearings?.right ?? ""}
          disabled={!bearings}
          min={-2000}
          max={2000}
          step={10}
          w={140}
          onChange={(value) => setMetric("rightSideBearing", value)}
        />
        <Button
          variant="default"
          disabled={Object.values(glyph.metrics).every((value) => value === null)}
          onClick={() =>
            editor.apply(
              setMetrics(editor.document, { advance: null, leftSideBearing: null, rightSideBearing: null }),
              t("metrics.reset"),
            )
          }
        >
          {t("metrics.reset")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("hint")}
      </Text>
      <ShortcutHelp opened={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
