import type { FontSummary } from "@handfont/contract";
import {
  bindingLabel,
  type CharacterPlan,
  type CommandId,
  type GlyphClipboard,
  GlyphEditor,
  isBlank,
  type LetterSlot,
  letterKey,
  letterSlots,
  neighbourSlot,
  nextMissingSlot,
  PointerArbiter,
  parseLetterKey,
  SHORTCUTS,
  type ToolId,
} from "@handfont/editor";
import { emptyGlyphDocument, type PenOptions } from "@handfont/engine/fonts";
import { Alert, Button, Container, Grid, Group, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAuth } from "../auth/session.ts";
import { ConflictNotice, SaveStatusText } from "../glyph-editing/ConflictNotice.tsx";
import { LetterGrid } from "../glyph-editing/LetterGrid.tsx";
import { LiveTextLine } from "../glyph-editing/LiveTextLine.tsx";
import { letterOutlinePath, previewLettersOf } from "../glyph-editing/preview-letters.ts";
import { keyPlatform, useEditorShortcuts, useKeyboardLayout } from "../glyph-editing/use-editor-shortcuts.ts";
import { useLetterAutosave } from "../glyph-editing/use-letter-autosave.ts";
import { displayChars } from "../workspace/display-chars.ts";
import type { PreviewFont } from "../workspace/use-live-preview.ts";
import { useSingleFlight } from "../workspace/use-single-flight.ts";
import { ErrorNotice, withSignIn } from "../workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../workspace/workspace-api.ts";
import { type CanvasControls, DrawCanvas, ZOOM_STEP } from "./DrawCanvas.tsx";
import { PenSettingsPanel, PlanPanel } from "./EditorPanels.tsx";
import { loadEraser, loadPen, loadPlan, saveEraser, savePen, savePlan } from "./editor-settings.ts";
import { ShortcutHelp } from "./ShortcutHelp.tsx";

/** A switch's label is its touch target: at least 44 px tall. */
const TOUCH_SWITCH = { body: { minHeight: 44, alignItems: "center" } } as const;

/** Commands the pen editor runs through the GlyphEditor itself. */
const EDITOR_COMMANDS = new Set<CommandId>([
  "undo",
  "redo",
  "tool.pen",
  "tool.strokeEraser",
  "tool.partialEraser",
  "cancel",
]);
const TOOLS: { id: ToolId; command: CommandId }[] = [
  { id: "pen", command: "tool.pen" },
  { id: "strokeEraser", command: "tool.strokeEraser" },
  { id: "partialEraser", command: "tool.partialEraser" },
];

const documentIds = new WeakMap<object, number>();
let lastDocumentId = 0;
const idOf = (value: object): number => {
  let id = documentIds.get(value);
  if (id === undefined) {
    lastDocumentId += 1;
    id = lastDocumentId;
    documentIds.set(value, id);
  }
  return id;
};

/**
 * Re-renders the page when what it shows of the editor changes (the tool, the document, undo and redo), not on every
 * pointer move of a stroke: those only redraw the canvas.
 */
function useEditorState(editor: GlyphEditor | null): string {
  const subscribe = useMemo(() => (listener: () => void) => (editor ? editor.subscribe(listener) : () => {}), [editor]);
  return useSyncExternalStore(subscribe, () =>
    editor
      ? `${editor.tool.id}|${idOf(editor.document)}|${editor.history.undo.length}|${editor.history.redo.length}`
      : "",
  );
}

const textSelected = () => {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString() !== "";
};

/** The letters of the selected font as the server has them, fetched fresh each time the editor opens a font. */
function useServerLetters(fontId: string | null) {
  return useQuery({
    queryKey: ["editor", "letters", fontId],
    enabled: fontId !== null,
    queryFn: () => workspaceApi.fontLetters(fontId!),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `/{lang}/editor`: draw a font's letters with a pen, a mouse or a finger, letter by letter. */
function DrawEditorPage() {
  const { t } = useTranslation(["editor", "workspace"]);
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });
  const language = useLanguage();
  const auth = useAuth();
  const owner = auth.status === "loggedIn" ? auth.user.id : null;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const fontId = params.get("font") ?? fonts.data?.[0]?.id ?? null;
  const font = fonts.data?.find((entry) => entry.id === fontId) ?? null;
  const serverLetters = useServerLetters(font ? fontId : null);
  const { session, snapshot } = useLetterAutosave({
    owner,
    fontId: font?.id ?? null,
    serverLetters: serverLetters.data,
    // The Letters page and the font cards read the letters again once the last edits are saved.
    onClosed: () => void queryClient.invalidateQueries({ queryKey: ["workspace", "letters"] }),
  });
  const loaded = session !== null && snapshot.status !== "loading";

  const [plan, setPlan] = useState<CharacterPlan | null>(null);
  useEffect(() => setPlan(fontId ? loadPlan(fontId, language) : null), [fontId, language]);
  const changePlan = (next: CharacterPlan) => {
    setPlan(next);
    if (fontId) savePlan(fontId, next);
  };

  const slots = useMemo(() => {
    if (!plan) return [];
    const existing = [...snapshot.letters.values()].filter((letter) => !isBlank(letter.document));
    return letterSlots(plan, existing);
  }, [plan, snapshot.letters]);
  const isDrawn = (slot: LetterSlot) => !isBlank(snapshot.letters.get(letterKey(slot))?.document ?? null);
  const requested = params.get("letter");
  const current: LetterSlot | null = requested
    ? parseLetterKey(requested)
    : (slots.find((slot) => !isDrawn(slot)) ?? slots[0] ?? null);
  const currentKey = current ? letterKey(current) : null;
  const goTo = (slot: LetterSlot | null) => {
    if (!slot || !fontId) return;
    setParams({ font: fontId, letter: letterKey(slot) }, { replace: true });
  };
  const step = (by: number) => current && goTo(neighbourSlot(slots, current, by));
  // The letter opened without one asked for stays put once drawn: it is written into the address.
  useEffect(() => {
    if (loaded && !requested && fontId && currentKey) {
      setParams({ font: fontId, letter: currentKey }, { replace: true });
    }
  }, [loaded, requested, fontId, currentKey, setParams]);

  // One editor per open letter, started from the device's copy (its undo history included, so it survives a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the letter's copy is read when it is opened, not after.
  const editor = useMemo(() => {
    if (!loaded || !current) return null;
    const local = snapshot.letters.get(letterKey(current));
    return new GlyphEditor({
      document: local?.document ?? emptyGlyphDocument(),
      ...(local ? { history: local.history } : {}),
      pen: loadPen(),
      eraserRadius: loadEraser(),
    });
  }, [loaded, currentKey]);
  useEditorState(editor);
  // Every change of the document goes to the autosave, except the one made when taking the other version.
  const quiet = useRef(false);
  useEffect(() => {
    if (!editor || !session || !currentKey) return;
    const slot = parseLetterKey(currentKey);
    return editor.subscribe((event) => {
      if (event === "document" && !quiet.current) session.edit(slot, editor.document, editor.history);
    });
  }, [editor, session, currentKey]);

  const [pen, setPen] = useState<PenOptions>(loadPen);
  useEffect(() => {
    if (editor) editor.pen = pen;
  }, [editor, pen]);
  const changePen = (next: PenOptions) => {
    setPen(next);
    savePen(next);
  };
  const [eraser, setEraser] = useState(loadEraser);
  useEffect(() => {
    if (editor) editor.eraserRadius = eraser;
  }, [editor, eraser]);
  const changeEraser = (radius: number) => {
    setEraser(radius);
    saveEraser(radius);
  };

  const layout = useKeyboardLayout();
  const platform = keyPlatform();
  /** A button's tooltip: its name and its first shortcut, as the user's keyboard labels it. */
  const hint = (label: string, command: CommandId) => {
    const binding = SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys[0];
    return binding ? `${label} (${bindingLabel(binding, platform, layout)})` : label;
  };
  const arbiter = useMemo(() => new PointerArbiter("auto"), []);
  const [penMode, setPenMode] = useState(arbiter.mode);
  const togglePenMode = () => {
    arbiter.mode = arbiter.mode === "on" ? "off" : "on";
    setPenMode(arbiter.mode);
  };
  const [showReference, setShowReference] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const canvas = useRef<CanvasControls>(null);
  const clipboard = useRef<GlyphClipboard | null>(null);

  const takeTheirs = (key: string) => {
    const local = snapshot.letters.get(key);
    if (!session || !local?.conflict) return;
    const theirs = local.conflict.server?.document ?? null;
    // The other version goes into the letter's editor as one undoable step, so the user can still step back to theirs.
    const target =
      editor && key === currentKey
        ? editor
        : new GlyphEditor({ document: local.document ?? emptyGlyphDocument(), history: local.history });
    quiet.current = true;
    target.replaceDocument(theirs ?? emptyGlyphDocument(), "take theirs");
    quiet.current = false;
    session.takeTheirs(key, theirs ? target.document : null, target.history);
  };

  const run = (command: CommandId): boolean => {
    if (!editor) return false;
    if (EDITOR_COMMANDS.has(command)) return editor.run(command) || command === "undo" || command === "redo";
    switch (command) {
      // With text selected on the page, copying is the browser's.
      case "copy":
        if (textSelected()) return false;
        clipboard.current = editor.copy();
        return true;
      case "cut":
        if (textSelected()) return false;
        clipboard.current = editor.copy();
        return editor.run("cut");
      case "paste":
        return clipboard.current ? editor.paste(clipboard.current) : false;
      case "zoomIn":
        canvas.current?.zoom(ZOOM_STEP);
        return true;
      case "zoomOut":
        canvas.current?.zoom(1 / ZOOM_STEP);
        return true;
      case "fit":
        canvas.current?.fit();
        return true;
      case "previousLetter":
        step(-1);
        return true;
      case "nextLetter":
        step(1);
        return true;
      case "toggleReference":
        setShowReference((shown) => !shown);
        return true;
      case "togglePenMode":
        togglePenMode();
        return true;
      case "help":
        setHelpOpen(true);
        return true;
      default:
        return false;
    }
  };
  useEditorShortcuts("pen", run, !helpOpen);

  const createFont = useSingleFlight({
    mutationFn: (name: string) => workspaceApi.createFont(name, { kind: "empty" }),
    onSuccess: (created: FontSummary) => {
      queryClient.setQueryData<FontSummary[]>(["workspace", "fonts"], (list) =>
        list ? [created, ...list] : [created],
      );
      setParams({ font: created.id });
    },
  });
  const [newName, setNewName] = useState("");

  const previewLetters = useMemo(
    () => previewLettersOf(snapshot.letters, snapshot.server),
    [snapshot.letters, snapshot.server],
  );
  const previewFont = useMemo<PreviewFont | null>(
    () =>
      font ? { family: font.name, style: font.styleName, updatedAt: font.updatedAt, settings: font.settings } : null,
    [font],
  );
  // Until the user types their own text, the line shows the letters drawn so far, in the plan's order.
  const autoText = useMemo(() => {
    const drawn = slots.filter((slot) => !isBlank(snapshot.letters.get(letterKey(slot))?.document ?? null));
    return [...new Set(drawn.map((slot) => slot.chars))].join("") || t("sample");
  }, [slots, snapshot.letters, t]);

  const neighbourPath = (by: number) => {
    const slot = current ? neighbourSlot(slots, current, by) : null;
    if (!slot || letterKey(slot) === currentKey) return "";
    const key = letterKey(slot);
    return letterOutlinePath(snapshot.letters.get(key), snapshot.server.get(key));
  };
  const before = current ? neighbourSlot(slots, current, -1) : null;
  const after = current ? neighbourSlot(slots, current, 1) : null;
  const conflicts = [...snapshot.letters.values()].filter((letter) => letter.conflict);
  const emptyFont =
    serverLetters.isSuccess &&
    serverLetters.data.length === 0 &&
    ![...snapshot.letters.values()].some((l) => !isBlank(l.document));

  // Which font is drawn, and a new one: at the top until a letter is open, then beside the letter.
  const fontPicker = (
    <Group align="flex-end" gap="sm">
      {fonts.data && fonts.data.length > 0 && (
        <Select
          label={t("font")}
          data={fonts.data.map((entry) => ({ value: entry.id, label: entry.name }))}
          value={font?.id ?? null}
          onChange={(value) => value && setParams({ font: value })}
          allowDeselect={false}
          miw={240}
        />
      )}
      <TextInput
        label={t("newFontName")}
        placeholder={t("workspace:fonts.defaultName")}
        value={newName}
        onChange={(event) => setNewName(event.currentTarget.value)}
      />
      <Button
        variant="default"
        h={44}
        onClick={() => createFont.run(newName.trim() || t("workspace:fonts.defaultName"))}
        loading={createFont.isPending}
      >
        {t("newFont")}
      </Button>
    </Group>
  );
  const editing = Boolean(editor && current && plan);

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz="h2">
            {t("title")}
          </Title>
          {loaded && <SaveStatusText status={snapshot.status} />}
        </Group>
        {fonts.isPending && <DelayedLoader label={t("workspace:loading")} />}
        <ErrorNotice
          error={
            fonts.error ??
            serverLetters.error ??
            createFont.error ??
            (snapshot.status === "error" ? snapshot.error : null)
          }
        />
        {!editing && fontPicker}
        {fonts.isSuccess && fonts.data.length === 0 && <Text c="dimmed">{t("noFonts")}</Text>}
        {emptyFont && (
          <Alert color="blue" title={t("emptyFont.title")} data-testid="empty-font">
            <Text size="sm">{t("emptyFont.text")}</Text>
            <Text size="sm" mt={4}>
              {t("emptyFont.upload")} <AppLink page="app">{t("emptyFont.uploadLink")}</AppLink>
            </Text>
          </Alert>
        )}
        <ConflictNotice letters={conflicts} onKeepMine={(key) => session?.keepMine(key)} onTakeTheirs={takeTheirs} />
        {font && !loaded && <DelayedLoader label={t("workspace:loading")} />}
        {editor && current && plan && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="xs">
                <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t("toolbar")}>
                  {TOOLS.map((tool) => (
                    <Button
                      key={tool.id}
                      h={44}
                      variant={editor.tool.id === tool.id ? "filled" : "default"}
                      aria-pressed={editor.tool.id === tool.id}
                      title={hint(t(`tools.${tool.id}`), tool.command)}
                      onClick={() => editor.setTool(tool.id)}
                    >
                      {t(`tools.${tool.id}`)}
                    </Button>
                  ))}
                  <Button
                    h={44}
                    miw={44}
                    variant="default"
                    onClick={() => editor.undo()}
                    disabled={!editor.canUndo}
                    title={hint(t("undo"), "undo")}
                  >
                    {t("undo")}
                  </Button>
                  <Button
                    h={44}
                    miw={44}
                    variant="default"
                    onClick={() => editor.redo()}
                    disabled={!editor.canRedo}
                    title={hint(t("redo"), "redo")}
                  >
                    {t("redo")}
                  </Button>
                  <Button
                    h={44}
                    miw={44}
                    variant="default"
                    onClick={() => run("zoomOut")}
                    aria-label={t("zoomOut")}
                    title={hint(t("zoomOut"), "zoomOut")}
                  >
                    −
                  </Button>
                  <Button
                    h={44}
                    miw={44}
                    variant="default"
                    onClick={() => run("zoomIn")}
                    aria-label={t("zoomIn")}
                    title={hint(t("zoomIn"), "zoomIn")}
                  >
                    +
                  </Button>
                  <Button h={44} variant="default" onClick={() => run("fit")} title={hint(t("fit"), "fit")}>
                    {t("fit")}
                  </Button>
                  <Button
                    h={44}
                    variant="subtle"
                    color="red"
                    onClick={() => editor.run("cut")}
                    disabled={isBlank(editor.document)}
                  >
                    {t("clear")}
                  </Button>
                  <Button h={44} variant="subtle" onClick={() => setHelpOpen(true)} title={hint(t("help"), "help")}>
                    {t("help")}
                  </Button>
                  <Switch
                    size="md"
                    styles={TOUCH_SWITCH}
                    checked={penMode === "on"}
                    onChange={togglePenMode}
                    label={t("penMode")}
                    description={t("penModeHint")}
                  />
                  <Switch
                    size="md"
                    styles={TOUCH_SWITCH}
                    checked={showReference}
                    onChange={(event) => setShowReference(event.currentTarget.checked)}
                    label={t("reference")}
                  />
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Button
                    h={44}
                    variant="default"
                    onClick={() => step(-1)}
                    aria-label={t("previous")}
                    title={hint(t("previous"), "previousLetter")}
                  >
                    ‹ {before && displayChars(before.chars)}
                  </Button>
                  <Title order={2} fz="h3" data-testid="current-letter" ta="center">
                    {current.variant > 1
                      ? t("letterVariant", { chars: displayChars(current.chars), variant: current.variant })
                      : t("letter", { chars: displayChars(current.chars) })}
                  </Title>
                  <Button
                    h={44}
                    variant="default"
                    onClick={() => step(1)}
                    aria-label={t("next")}
                    title={hint(t("next"), "nextLetter")}
                  >
                    {after && displayChars(after.chars)} ›
                  </Button>
                </Group>
                <DrawCanvas
                  ref={canvas}
                  editor={editor}
                  arbiter={arbiter}
                  chars={current.chars}
                  showReference={showReference}
                  neighbours={{ before: neighbourPath(-1), after: neighbourPath(1) }}
                  label={t("canvas", { chars: current.chars })}
                  onPenModeChange={() => setPenMode(arbiter.mode)}
                />
                <Group justify="flex-end">
                  <Button
                    h={44}
                    variant="light"
                    onClick={() => goTo(nextMissingSlot(slots, current, isDrawn))}
                    disabled={slots.every(isDrawn)}
                  >
                    {t("nextMissing")}
                  </Button>
                </Group>
                <LiveTextLine letters={previewLetters} font={previewFont} autoText={autoText} debounceMs={0} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                {fontPicker}
                <LetterGrid slots={slots} current={current} isDrawn={isDrawn} onPick={goTo} />
                <PenSettingsPanel pen={pen} onChange={changePen} eraser={eraser} onEraserChange={changeEraser} />
                <PlanPanel plan={plan} onChange={changePlan} />
                <AppLink page="appShowSvg" search={`?font=${encodeURIComponent(font!.id)}`}>
                  {t("lettersPage")}
                </AppLink>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      <ShortcutHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Container>
  );
}

export default withSignIn(DrawEditorPage, (t) => ({
  title: t("editor:meta.title"),
  description: t("editor:meta.description"),
}));
