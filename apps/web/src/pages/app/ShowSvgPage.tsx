import { FontSettings, type LetterState, type ScanStatus } from "@handfont/contract";
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { pagePath } from "../../app/pages.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { LettersGrid } from "../../features/letters/LettersGrid.tsx";
import classes from "../../features/letters/letters.module.css";
import { ReuploadReview } from "../../features/letters/ReuploadReview.tsx";
import {
  applyChanges,
  type Choice,
  lettersOfPage,
  type ReviewRow,
  reviewRows,
  undoChanges,
} from "../../features/letters/reupload-review.ts";
import { letterKey, mergeStates, useLetterAutosave } from "../../features/letters/use-letter-autosave.ts";
import { useRestoreScroll } from "../../features/letters/use-restore-scroll.ts";
import { KeepLettersDialog } from "../../features/payments/KeepLettersDialog.tsx";
import { isPlanLimitError } from "../../features/payments/PlanLimitNotice.tsx";
import { FontPreviewBox } from "../../features/workspace/FontPreviewBox.tsx";
import { type FontSettingsDraft, FontSettingsPanel } from "../../features/workspace/FontSettingsPanel.tsx";
import { previewLetterOf } from "../../features/workspace/preview-project.ts";
import { UploadPanel } from "../../features/workspace/UploadPanel.tsx";
import { type PreviewFont, useLivePreview } from "../../features/workspace/use-live-preview.ts";
import { useSingleFlight } from "../../features/workspace/use-single-flight.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

const DEFAULT_SETTINGS = FontSettings.parse({});

/** A page read again, waiting for the user's choice box by box. */
type Review = { fontId: string; pages: number[]; rows: ReviewRow[] };
/** A review applied to a font, kept so it can be undone. */
type Applied = { fontId: string; rows: ReviewRow[]; written: LetterState[] };

/** Where the font's letter edits are: saving, saved, or not saved with a way to try again. */
function AutosaveStatusText(props: { status: ReturnType<typeof useLetterAutosave>["status"]; onRetry: () => void }) {
  const { t } = useTranslation("letters");
  if (props.status === "error") {
    return (
      <Group gap="xs" data-testid="autosave-status" data-status="error">
        <Text size="sm" c="red.4">
          {t("autosave.failed")}
        </Text>
        <Button size="xs" variant="default" onClick={props.onRetry}>
          {t("autosave.retry")}
        </Button>
      </Group>
    );
  }
  const text = {
    idle: t("autosave.idle"),
    pending: t("autosave.saving"),
    saving: t("autosave.saving"),
    saved: t("autosave.saved"),
  }[props.status];
  return (
    <Text size="sm" c="dimmed" role="status" data-testid="autosave-status" data-status={props.status} pb={8}>
      {text}
    </Text>
  );
}

/** `/{lang}/app/showsvg`: the letters of a font or of a template's pages, checked and adjusted letter by letter. */
function ShowSvgPage() {
  const { t } = useTranslation(["workspace", "letters"]);
  usePageMeta({ title: t("letters.meta.title"), description: t("letters.meta.description") });
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  // Lists are summaries; the letters of one font or set are fetched when it is opened.
  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const sets = useQuery({ queryKey: ["workspace", "letter-sets"], queryFn: workspaceApi.letterSets });
  const [newName, setNewName] = useState("");
  // Font-wide settings being edited (null = the saved ones); the preview follows the draft.
  const [settingsDraft, setSettingsDraft] = useState<FontSettingsDraft | null>(null);

  const sources = useMemo(
    () => [
      ...(fonts.data ?? []).map((font) => ({ value: `font:${font.id}`, label: font.name })),
      ...(sets.data ?? []).map((set) => ({
        value: `set:${set.id}`,
        label: t("letters.fromTemplate", { name: set.templateName }),
      })),
    ],
    [fonts.data, sets.data, t],
  );
  const selectedValue =
    (params.get("font") && `font:${params.get("font")}`) ||
    (params.get("set") && `set:${params.get("set")}`) ||
    sources[0]?.value ||
    null;
  const selected = sources.find((source) => source.value === selectedValue) ?? sources[0];
  const fontId = selected?.value.startsWith("font:") ? selected.value.slice(5) : null;
  const setId = selected?.value.startsWith("set:") ? selected.value.slice(4) : null;
  const font = fonts.data?.find((entry) => entry.id === fontId) ?? null;
  const lettersKey = ["workspace", "letters", selected?.value ?? ""];
  const letters = useQuery({
    queryKey: lettersKey,
    enabled: selected !== undefined,
    queryFn: () => (fontId ? workspaceApi.fontLetters(fontId) : workspaceApi.letterSetLetters(setId!)),
  });
  // A font's letter edits save themselves; the grid keeps letters deleted here so they can be taken back.
  const autosave = useLetterAutosave(fontId, fontId ? letters.data : undefined, lettersKey);
  const shown = fontId ? autosave.shown : (letters.data ?? []);
  const { editOf } = autosave;
  useRestoreScroll(letters.isSuccess);

  // The preview follows every edit: the letters as they will be saved, compiled in the browser like the build.
  const previewLetters = useMemo(
    () =>
      shown.flatMap((letter) => {
        const edit = editOf(letter);
        if (edit?.deleted) return [];
        return [previewLetterOf(letter, edit ? { scale: edit.scale, baselineShift: edit.baselineShift } : undefined)];
      }),
    [shown, editOf],
  );
  const savedDraft = useMemo<FontSettingsDraft | null>(
    () => (font ? { name: font.name, settings: font.settings } : null),
    [font],
  );
  const draft = settingsDraft ?? savedDraft;
  const previewFont = useMemo<PreviewFont | null>(
    () =>
      font && draft
        ? { family: font.name, style: font.styleName, updatedAt: font.updatedAt, settings: draft.settings }
        : setId
          ? {
              family: "Handfont Preview",
              style: "Regular",
              updatedAt: new Date(0).toISOString(),
              settings: DEFAULT_SETTINGS,
            }
          : null,
    [font, setId, draft],
  );
  const preview = useLivePreview(previewLetters, previewFont);

  const saveSettings = useMutation({
    mutationFn: () =>
      workspaceApi.saveLetters({
        fontId: fontId!,
        name: draft!.name.trim(),
        settings: draft!.settings,
        glyphs: [],
        deleted: [],
      }),
    onSuccess: () => {
      setSettingsDraft(null);
      void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"], exact: true });
    },
  });
  const plan = useQuery({ queryKey: ["workspace", "premium"], queryFn: workspaceApi.premium, enabled: setId !== null });
  // More letters than the plan allows: the user chooses which to keep, as when making a font on My fonts.
  const [choosing, setChoosing] = useState<{ letterSetId: string; chars: string[] } | null>(null);
  const asFont = useSingleFlight({
    mutationFn: (input: { letterSetId: string; keep?: string[] }) =>
      workspaceApi.addAsNewFont(
        newName.trim() || t("fonts.defaultName"),
        { kind: "letterSet", letterSetId: input.letterSetId },
        input.keep,
      ),
    onSuccess: (created) => {
      setChoosing(null);
      void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"] });
      setParams({ font: created.id });
    },
    onError: (error, input) => {
      if (!isPlanLimitError(error) || error.code === "PLAN_LIMIT_FONTS" || input.keep) return;
      const setLetters = queryClient.getQueryData<LetterState[]>(["workspace", "letters", `set:${input.letterSetId}`]);
      if (setLetters) setChoosing({ letterSetId: input.letterSetId, chars: setLetters.map((letter) => letter.chars) });
    },
  });

  /** Writes states the server answered into the open font's cached letters; `gone` are deleted ones. */
  const putLetters = (font: string, states: LetterState[], gone: Set<string>) => {
    queryClient.setQueryData<LetterState[]>(["workspace", "letters", `font:${font}`], (old) => {
      if (!old) return old;
      const merged = mergeStates(old, states)!.filter((letter) => !gone.has(letterKey(letter)));
      const present = new Set(merged.map(letterKey));
      return [...merged, ...states.filter((letter) => !present.has(letterKey(letter)))];
    });
    void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"], exact: true });
  };
  const [review, setReview] = useState<Review | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [reviewNote, setReviewNote] = useState<"same" | "undone" | null>(null);
  const [reviewError, setReviewError] = useState<unknown>(null);
  const applyReview = useSingleFlight({
    mutationFn: async ({ open, choices }: { open: Review; choices: Record<string, Choice> }) => {
      const rows = open.rows.filter((row) => choices[row.key] === "new");
      const written = await workspaceApi.changeLetters(open.fontId, applyChanges(open.rows, choices));
      return { fontId: open.fontId, rows, written };
    },
    onSuccess: (done) => {
      putLetters(done.fontId, done.written, new Set());
      setReview(null);
      setApplied(done);
    },
  });
  const undo = useSingleFlight({
    mutationFn: async (done: Applied) => {
      const changes = undoChanges(done.rows, done.written);
      const written = await workspaceApi.changeLetters(done.fontId, changes);
      return { done, written, gone: new Set(changes.filter((change) => !change.document).map(letterKey)) };
    },
    onSuccess: ({ done, written, gone }) => {
      putLetters(done.fontId, written, gone);
      setApplied(null);
      setReviewNote("undone");
    },
  });

  // A page read again while a font is open is compared with that font box by box before anything in it changes.
  const onRead = async (scan: ScanStatus) => {
    void queryClient.invalidateQueries({ queryKey: ["workspace", "letter-sets"] });
    void queryClient.invalidateQueries({
      queryKey: ["workspace", "letters"],
      predicate: (q) => q.queryKey[2] !== `font:${fontId}`,
    });
    const pages = scan.pages.filter(
      (page) => page.error === null && page.templateId && page.page && page.lettersFound > 0,
    );
    if (!fontId || pages.length === 0) return;
    const font = fontId;
    setReviewError(null);
    setReviewNote(null);
    try {
      const [allSets, fontLetters] = await Promise.all([workspaceApi.letterSets(), workspaceApi.fontLetters(font)]);
      const read = new Map<string, LetterState>();
      for (const page of pages) {
        const set = allSets.find((entry) => entry.templateId === page.templateId);
        if (!set) continue;
        const setLetters = await workspaceApi.letterSetLetters(set.id);
        for (const letter of lettersOfPage(setLetters, page.templateId!, page.page!))
          read.set(letterKey(letter), letter);
      }
      queryClient.setQueryData<LetterState[]>(["workspace", "letters", `font:${font}`], fontLetters);
      const rows = reviewRows(fontLetters, [...read.values()]);
      if (rows.length === 0) setReviewNote("same");
      else setReview({ fontId: font, pages: pages.map((page) => page.page!), rows });
    } catch (error) {
      setReviewError(error);
    }
  };
  const loading = fonts.isPending || sets.isPending || (selected !== undefined && letters.isPending);

  return (
    <WorkspaceLayout page="appShowSvg" title={t("letters.title")}>
      {loading && <DelayedLoader label={t("loading")} />}
      <ErrorNotice error={fonts.error ?? sets.error ?? letters.error} />
      {fonts.isSuccess && sets.isSuccess && sources.length === 0 && <Text c="dimmed">{t("letters.none")}</Text>}
      {selected && (
        <Stack>
          <Group align="flex-end">
            <Select
              label={t("letters.source")}
              data={sources}
              value={selected.value}
              onChange={(value) => {
                setSettingsDraft(null);
                if (value) setParams(value.startsWith("font:") ? { font: value.slice(5) } : { set: value.slice(4) });
              }}
              allowDeselect={false}
              miw={280}
            />
            {fontId && <AutosaveStatusText status={autosave.status} onRetry={autosave.retry} />}
            {setId && (
              <>
                <TextInput
                  label={t("fonts.name")}
                  placeholder={t("fonts.defaultName")}
                  value={newName}
                  onChange={(event) => setNewName(event.currentTarget.value)}
                />
                <Button onClick={() => asFont.run({ letterSetId: setId })} loading={asFont.isPending}>
                  {t("letters.saveAsFont")}
                </Button>
              </>
            )}
          </Group>
          <ErrorNotice error={autosave.error ?? asFont.error ?? saveSettings.error} />
          {autosave.conflicts.length > 0 && (
            <Alert color="yellow" role="status" data-testid="letters-conflict">
              {t("letters:autosave.conflict", { chars: autosave.conflicts.join(" ") })}
            </Alert>
          )}
          {choosing && plan.data && (
            <KeepLettersDialog
              chars={choosing.chars}
              limits={plan.data.limits}
              pending={asFont.isPending}
              onClose={() => setChoosing(null)}
              onKeep={(keep) => asFont.run({ letterSetId: choosing.letterSetId, keep })}
            />
          )}
          {fontId && letters.isSuccess && shown.length === 0 ? (
            // An empty font has nothing to preview: say how to add letters instead of waiting for a preview forever.
            <Alert color="blue" data-testid="empty-font">
              <Text size="sm" mb="xs">
                {t("letters.emptyFont")}
              </Text>
              <Button component={AppLink} page="editor" search={`?font=${encodeURIComponent(fontId)}`}>
                {t("letters.drawLink")}
              </Button>
            </Alert>
          ) : (
            /* The preview stays in view while the grid scrolls, so a change shows at once wherever it is made. */
            <div className={classes.stickyPreview} data-testid="sticky-preview">
              <FontPreviewBox bytes={preview} testId="live-preview" waitingText={t("preview.compiling")} />
            </div>
          )}
          {draft && (
            <FontSettingsPanel
              draft={draft}
              onChange={setSettingsDraft}
              onSave={() => saveSettings.mutate()}
              saving={saveSettings.isPending}
              saved={saveSettings.isSuccess}
              dirty={settingsDraft !== null}
            />
          )}
          {letters.isSuccess && (
            <LettersGrid
              letters={shown}
              key={selected.value}
              editOf={fontId ? editOf : undefined}
              fontId={fontId ?? undefined}
              onEdit={fontId ? autosave.edit : undefined}
              composes={draft?.settings.compositeAccents ?? true}
              drawHref={
                fontId
                  ? (chars, variant) =>
                      `${pagePath(language, "editor")}?font=${encodeURIComponent(fontId)}&letter=${encodeURIComponent(`${variant}:${chars}`)}`
                  : undefined
              }
            />
          )}
        </Stack>
      )}
      <Card withBorder padding="lg" component="section" aria-labelledby="reupload-title">
        <Title order={2} fz="h3" id="reupload-title" mb="xs">
          {t("letters.reuploadTitle")}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {fontId ? t("letters:reupload.fontHint", { name: font?.name ?? "" }) : t("letters:reupload.setHint")}
        </Text>
        {reviewNote && (
          <Alert color="teal" role="status" mb="sm" data-testid="reupload-note">
            {t(reviewNote === "same" ? "letters:reupload.same" : "letters:reupload.undone")}
          </Alert>
        )}
        {applied && applied.fontId === fontId && (
          <Alert color="teal" role="status" mb="sm" data-testid="reupload-applied">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t("letters:reupload.applied", { count: applied.written.length, name: font?.name ?? "" })}
              </Text>
              <Button size="xs" variant="default" loading={undo.isPending} onClick={() => undo.run(applied)}>
                {t("letters:reupload.undo")}
              </Button>
            </Group>
          </Alert>
        )}
        <ErrorNotice error={reviewError ?? undo.error} />
        <UploadPanel onRead={(scan) => void onRead(scan)} />
        {review && review.fontId === fontId && (
          <ReuploadReview
            pages={review.pages}
            fontName={font?.name ?? ""}
            rows={review.rows}
            pending={applyReview.isPending}
            error={applyReview.error}
            onApply={(choices) => applyReview.run({ open: review, choices })}
            onClose={() => setReview(null)}
          />
        )}
      </Card>
    </WorkspaceLayout>
  );
}

export default withSignIn(ShowSvgPage, (t) => ({
  title: t("letters.meta.title"),
  description: t("letters.meta.description"),
}));
