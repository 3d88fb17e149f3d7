import { FontSettings, type LetterChange, LetterConflictBody, type LetterState } from "@handfont/contract";
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { FontPreviewBox } from "../../features/workspace/FontPreviewBox.tsx";
import { type FontSettingsDraft, FontSettingsPanel } from "../../features/workspace/FontSettingsPanel.tsx";
import { type GlyphEdit, GlyphTile } from "../../features/workspace/GlyphTile.tsx";
import { previewLetterOf } from "../../features/workspace/preview-project.ts";
import { UploadPanel } from "../../features/workspace/UploadPanel.tsx";
import { type PreviewFont, useLivePreview } from "../../features/workspace/use-live-preview.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";

const DEFAULT_SETTINGS = FontSettings.parse({});
const letterKey = (letter: { chars: string; variant: number }) => `${letter.variant}\u0000${letter.chars}`;

/** Puts the given states of letters into a cached list of a font's letters, in place of the old ones. */
function mergeStates(list: LetterState[] | undefined, states: LetterState[]): LetterState[] | undefined {
  if (!list) return list;
  const byKey = new Map(states.map((state) => [letterKey(state), state]));
  return list.map((letter) => byKey.get(letterKey(letter)) ?? letter);
}

/** `/{lang}/app/showsvg`: the letters of a font or of a template's pages, checked and adjusted letter by letter. */
function ShowSvgPage() {
  const { t } = useTranslation("workspace");
  usePageMeta({ title: t("letters.meta.title"), description: t("letters.meta.description") });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Lists are summaries; the letters of one font or set are fetched when it is opened.
  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const sets = useQuery({ queryKey: ["workspace", "letter-sets"], queryFn: workspaceApi.letterSets });
  const [edits, setEdits] = useState<Record<string, GlyphEdit>>({});
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
  const shown = letters.data ?? [];

  // The preview follows every edit: the letters as they will be saved, compiled in the browser like the build.
  const previewLetters = useMemo(
    () =>
      shown
        .filter((letter) => !edits[letterKey(letter)]?.deleted)
        .map((letter) => {
          const edit = edits[letterKey(letter)];
          return previewLetterOf(letter, edit ? { scale: edit.scale, baselineShift: edit.baselineShift } : undefined);
        }),
    [shown, edits],
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

  const save = useMutation({
    mutationFn: async () => {
      const changes: LetterChange[] = shown.flatMap((letter) => {
        const edit = edits[letterKey(letter)];
        if (!edit) return [];
        const adjustments = { scale: edit.scale, baselineShift: edit.baselineShift };
        return [
          {
            chars: letter.chars,
            variant: letter.variant,
            baseRevision: letter.revision,
            document: edit.deleted ? null : { ...letter.document, adjustments },
          },
        ];
      });
      return workspaceApi.changeLetters(fontId!, changes);
    },
    onSuccess: (states) => {
      // Only what changed is refreshed: the saved letters in place, deleted ones out, and the font's summary.
      const deleted = new Set(
        Object.entries(edits)
          .filter(([, edit]) => edit.deleted)
          .map(([key]) => key),
      );
      queryClient.setQueryData<LetterState[]>(lettersKey, (list) =>
        mergeStates(list, states)?.filter((letter) => !deleted.has(letterKey(letter))),
      );
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"] });
    },
    onError: (error) => {
      // Another tab or device saved first: show its letters, keep this tab's other edits.
      const conflict = error instanceof ApiError ? LetterConflictBody.safeParse(error.body) : null;
      if (!conflict?.success) return;
      const current = conflict.data.conflicts.flatMap((entry) => (entry.current ? [entry.current] : []));
      queryClient.setQueryData<LetterState[]>(lettersKey, (list) => mergeStates(list, current));
      setEdits((all) => {
        const rest = { ...all };
        for (const entry of conflict.data.conflicts) delete rest[letterKey(entry)];
        return rest;
      });
    },
  });
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
  const asFont = useMutation({
    mutationFn: () =>
      workspaceApi.addAsNewFont(newName.trim() || t("fonts.defaultName"), { kind: "letterSet", letterSetId: setId! }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"] });
      setParams({ font: created.id });
    },
  });
  const onRead = () => {
    void queryClient.invalidateQueries({ queryKey: ["workspace", "letter-sets"] });
    void queryClient.invalidateQueries({ queryKey: ["workspace", "letters"] });
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
                setEdits({});
                setSettingsDraft(null);
                if (value) setParams(value.startsWith("font:") ? { font: value.slice(5) } : { set: value.slice(4) });
              }}
              allowDeselect={false}
              miw={280}
            />
            {fontId && (
              <Button onClick={() => save.mutate()} loading={save.isPending} disabled={Object.keys(edits).length === 0}>
                {t("letters.save")}
              </Button>
            )}
            {setId && (
              <>
                <TextInput
                  label={t("fonts.name")}
                  placeholder={t("fonts.defaultName")}
                  value={newName}
                  onChange={(event) => setNewName(event.currentTarget.value)}
                />
                <Button onClick={() => asFont.mutate()} loading={asFont.isPending}>
                  {t("letters.saveAsFont")}
                </Button>
              </>
            )}
          </Group>
          <ErrorNotice error={save.error ?? asFont.error ?? saveSettings.error} />
          <FontPreviewBox bytes={preview} testId="live-preview" waitingText={t("preview.compiling")} />
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
            <Text size="sm" c="dimmed">
              {t("letters.count", { count: shown.length })}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
            {shown.map((letter) => (
              <GlyphTile
                key={letterKey(letter)}
                glyph={letter}
                edit={edits[letterKey(letter)]}
                fontId={fontId ?? undefined}
                onEdit={fontId ? (edit) => setEdits((all) => ({ ...all, [letterKey(letter)]: edit })) : undefined}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Card withBorder padding="lg" component="section" aria-labelledby="reupload-title">
        <Title order={2} fz="h3" id="reupload-title" mb="xs">
          {t("letters.reuploadTitle")}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t("letters.reuploadHint")}
        </Text>
        <UploadPanel onRead={onRead} />
      </Card>
    </WorkspaceLayout>
  );
}

export default withSignIn(ShowSvgPage, (t) => ({
  title: t("letters.meta.title"),
  description: t("letters.meta.description"),
}));
