import { FontSettings, type Glyph } from "@handfont/contract";
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { FontPreviewBox } from "../../features/workspace/FontPreviewBox.tsx";
import { type GlyphEdit, GlyphTile } from "../../features/workspace/GlyphTile.tsx";
import { UploadPanel } from "../../features/workspace/UploadPanel.tsx";
import { useLivePreview } from "../../features/workspace/use-live-preview.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";

const DEFAULT_SETTINGS = FontSettings.parse({});

/** `/{lang}/app/showsvg`: the letters of a font or of a template's pages, checked and adjusted letter by letter. */
function ShowSvgPage() {
  const { t } = useTranslation("workspace");
  usePageMeta({ title: t("letters.meta.title"), description: t("letters.meta.description") });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const data = useQuery({ queryKey: ["workspace", "all"], queryFn: workspaceApi.fontsAndLetters });
  const [edits, setEdits] = useState<Record<string, GlyphEdit>>({});
  const [newName, setNewName] = useState("");

  const sources = useMemo(
    () => [
      ...(data.data?.fonts ?? []).map((font) => ({
        value: `font:${font.id}`,
        label: font.name,
        glyphs: font.glyphs,
        settings: font.settings,
      })),
      ...(data.data?.letterSets ?? []).map((set) => ({
        value: `set:${set.id}`,
        label: t("letters.fromTemplate", { name: set.templateName }),
        glyphs: set.glyphs,
        settings: DEFAULT_SETTINGS,
      })),
    ],
    [data.data, t],
  );
  const selectedValue =
    (params.get("font") && `font:${params.get("font")}`) ||
    (params.get("set") && `set:${params.get("set")}`) ||
    sources[0]?.value ||
    null;
  const selected = sources.find((source) => source.value === selectedValue) ?? sources[0];
  const fontId = selected?.value.startsWith("font:") ? selected.value.slice(5) : null;
  const setId = selected?.value.startsWith("set:") ? selected.value.slice(4) : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["workspace"] });
  // The preview follows every edit: the letters as they will be saved, compiled in the browser.
  const previewGlyphs = useMemo(
    () =>
      (selected?.glyphs ?? [])
        .filter((glyph) => !edits[glyph.id]?.deleted)
        .map((glyph) => ({
          chars: glyph.chars,
          variant: glyph.variant,
          path: glyph.path,
          scale: edits[glyph.id]?.scale ?? glyph.scale,
          baselineShift: edits[glyph.id]?.baselineShift ?? glyph.baselineShift,
        })),
    [selected, edits],
  );
  const preview = useLivePreview(previewGlyphs, selected?.settings ?? DEFAULT_SETTINGS);

  const save = useMutation({
    mutationFn: async () => {
      const glyphs = (selected?.glyphs ?? []) as Glyph[];
      const changed = glyphs.filter((glyph) => edits[glyph.id] && !edits[glyph.id]!.deleted);
      return workspaceApi.saveLetters({
        fontId: fontId!,
        glyphs: changed.map((glyph) => ({
          chars: glyph.chars,
          variant: glyph.variant,
          path: glyph.path,
          advance: glyph.advance,
          lsb: glyph.lsb,
          rsb: glyph.rsb,
          baselineShift: edits[glyph.id]!.baselineShift,
          scale: edits[glyph.id]!.scale,
        })),
        deleted: glyphs.filter((glyph) => edits[glyph.id]?.deleted).map((glyph) => glyph.id),
      });
    },
    onSuccess: () => {
      setEdits({});
      void refresh();
    },
  });
  const asFont = useMutation({
    mutationFn: () =>
      workspaceApi.addAsNewFont(newName.trim() || t("fonts.defaultName"), { kind: "letterSet", letterSetId: setId! }),
    onSuccess: (font) => {
      void refresh();
      setParams({ font: font.id });
    },
  });

  return (
    <WorkspaceLayout page="appShowSvg" title={t("letters.title")}>
      {data.isPending && <DelayedLoader label={t("loading")} />}
      <ErrorNotice error={data.error} />
      {data.isSuccess && sources.length === 0 && <Text c="dimmed">{t("letters.none")}</Text>}
      {selected && (
        <Stack>
          <Group align="flex-end">
            <Select
              label={t("letters.source")}
              data={sources.map(({ value, label }) => ({ value, label }))}
              value={selected.value}
              onChange={(value) => {
                setEdits({});
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
          <ErrorNotice error={save.error ?? asFont.error} />
          <FontPreviewBox bytes={preview} testId="live-preview" waitingText={t("preview.compiling")} />
          <Text size="sm" c="dimmed">
            {t("letters.count", { count: selected.glyphs.length })}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
            {selected.glyphs.map((glyph) => (
              <GlyphTile
                key={glyph.id}
                glyph={glyph}
                edit={edits[glyph.id]}
                onEdit={fontId ? (edit) => setEdits((all) => ({ ...all, [glyph.id]: edit })) : undefined}
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
        <UploadPanel onRead={() => void refresh()} />
      </Card>
    </WorkspaceLayout>
  );
}

export default withSignIn(ShowSvgPage, (t) => ({
  title: t("letters.meta.title"),
  description: t("letters.meta.description"),
}));
