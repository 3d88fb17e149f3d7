import { isBlank, type LetterSlot, letterKey } from "@handfont/editor";
import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useAuth } from "../../features/auth/session.ts";
import { LetterEditor } from "../../features/editor-outline/LetterEditor.tsx";
import { useTracingImage } from "../../features/editor-outline/use-tracing-image.ts";
import { LiveTextLine } from "../../features/glyph-editing/LiveTextLine.tsx";
import { previewLettersOf } from "../../features/glyph-editing/preview-letters.ts";
import { useLetterAutosave } from "../../features/glyph-editing/use-letter-autosave.ts";
import type { PreviewFont } from "../../features/workspace/use-live-preview.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Longest character sequence a letter may stand for (a ligature), as the contract allows. */
const MAX_CHARS = 16;

/** The line of text first set in the font: its own letters (the open one among them), at most a line's worth. */
const lineOf = (slots: LetterSlot[]) => [...new Set(slots.map((slot) => slot.chars))].join("").slice(0, 60);

/**
 * `/{lang}/editorSvg?font=ID&char=X[&variant=N]`: one letter of a font as an editable outline, with the font's other
 * letters one pick away, and a line of text set in the font as it is being edited.
 */
function EditorSvgPage() {
  const { t } = useTranslation("editor-outline");
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });
  const auth = useAuth();
  const owner = auth.status === "loggedIn" ? auth.user.id : null;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const fontId = params.get("font");
  const chars = params.get("char");
  const variant = Math.max(1, Number.parseInt(params.get("variant") ?? "1", 10) || 1);
  const slot = useMemo<LetterSlot | null>(() => (chars ? { chars, variant } : null), [chars, variant]);
  const [newChars, setNewChars] = useState("");

  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const font = fonts.data?.find((entry) => entry.id === fontId) ?? null;
  // Fetched anew whenever a font is opened (never from a cache): its letters seed the autosave with their revisions.
  const serverLetters = useQuery({
    queryKey: ["editor-outline", "letters", font?.id ?? null],
    enabled: font !== null,
    queryFn: () => workspaceApi.fontLetters(font!.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const { session, snapshot } = useLetterAutosave({
    owner,
    fontId: font?.id ?? null,
    serverLetters: serverLetters.data,
  });
  const loaded = session !== null && snapshot.status !== "loading";
  // The Letters page and the font cards read the letters again after an editing session.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ["workspace"] }), [queryClient]);

  const current = slot ? (snapshot.server.get(letterKey(slot)) ?? null) : null;
  const tracing = useTracingImage(font?.id ?? null, current);

  const open = useCallback(
    (next: LetterSlot) =>
      setParams({ font: fontId!, char: next.chars, ...(next.variant > 1 ? { variant: String(next.variant) } : {}) }),
    [fontId, setParams],
  );

  // Every letter the font has on this device (drawn ones), and the open one even while it is still blank.
  const slots: LetterSlot[] = useMemo(() => {
    const all = [...snapshot.letters.values()]
      .filter((letter) => !isBlank(letter.document))
      .map(({ chars: c, variant: v }) => ({ chars: c, variant: v }));
    if (slot && !all.some((entry) => letterKey(entry) === letterKey(slot))) all.push(slot);
    return all;
  }, [snapshot.letters, slot]);
  const neighbour = useCallback(
    (step: 1 | -1) => {
      if (!slot || slots.length < 2) return;
      const index = slots.findIndex((entry) => letterKey(entry) === letterKey(slot));
      open(slots[(index + step + slots.length) % slots.length]!);
    },
    [slot, slots, open],
  );

  const previewLetters = useMemo(() => previewLettersOf(snapshot.letters, snapshot.server), [snapshot]);
  const previewFont = useMemo<PreviewFont | null>(
    () =>
      font ? { family: font.name, style: font.styleName, updatedAt: font.updatedAt, settings: font.settings } : null,
    [font],
  );

  const loading = fonts.isPending || (font !== null && !loaded && !serverLetters.isError);

  return (
    <WorkspaceLayout page="editorSvg" title={slot ? t("titleOf", { chars: slot.chars }) : t("title")}>
      {loading && <DelayedLoader label={t("loading")} />}
      <ErrorNotice error={fonts.error ?? serverLetters.error} />
      {fonts.isSuccess && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t("picker.font")}
            placeholder={t("picker.fontPlaceholder")}
            data={fonts.data.map((entry) => ({ value: entry.id, label: entry.name }))}
            value={font?.id ?? null}
            onChange={(value) => value && setParams({ font: value })}
            allowDeselect={false}
            miw={220}
          />
          {font && loaded && (
            <Select
              label={t("picker.letter")}
              placeholder={t("picker.letterPlaceholder")}
              data={slots.map((entry) => ({
                value: letterKey(entry),
                label:
                  entry.variant > 1 ? t("picker.variant", { chars: entry.chars, variant: entry.variant }) : entry.chars,
              }))}
              value={slot ? letterKey(slot) : null}
              onChange={(value) => {
                const next = slots.find((entry) => letterKey(entry) === value);
                if (next) open(next);
              }}
              searchable
              allowDeselect={false}
              miw={140}
              data-testid="letter-picker"
            />
          )}
          {font && loaded && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const typed = newChars.trim();
                if (typed) open({ chars: typed, variant: 1 });
                setNewChars("");
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput
                  label={t("picker.new")}
                  value={newChars}
                  maxLength={MAX_CHARS}
                  onChange={(event) => setNewChars(event.currentTarget.value)}
                  w={120}
                />
                <Button type="submit" variant="default" disabled={newChars.trim() === ""}>
                  {t("picker.open")}
                </Button>
              </Group>
            </form>
          )}
        </Group>
      )}
      {fonts.isSuccess && fonts.data.length === 0 && <Text c="dimmed">{t("noFonts")}</Text>}
      {font && loaded && !slot && <Text c="dimmed">{slots.length > 0 ? t("pickLetter") : t("emptyFont")}</Text>}
      {font && loaded && slot && session && (
        <Stack gap="md">
          <LetterEditor
            key={`${font.id}/${letterKey(slot)}`}
            slot={slot}
            session={session}
            snapshot={snapshot}
            tracing={tracing}
            onNeighbour={neighbour}
          />
          <LiveTextLine letters={previewLetters} font={previewFont} autoText={lineOf(slots)} testId="live-preview" />
        </Stack>
      )}
    </WorkspaceLayout>
  );
}

export default withSignIn(EditorSvgPage, (t) => ({
  title: t("editor-outline:meta.title"),
  description: t("editor-outline:meta.description"),
}));
