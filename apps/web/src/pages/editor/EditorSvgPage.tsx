import { type LetterChange, LetterConflictBody, type LetterState } from "@handfont/contract";
import { isBlank, type LetterSlot, letterKey } from "@handfont/editor";
import type { GlyphDocument } from "@handfont/engine/fonts";
import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { LetterEditor } from "../../features/editor-outline/LetterEditor.tsx";
import { browserLetterStore, LetterAutosave, type SendResult } from "../../features/editor-outline/letter-autosave.ts";
import { useTracingImage } from "../../features/editor-outline/use-tracing-image.ts";
import { FontPreviewBox } from "../../features/workspace/FontPreviewBox.tsx";
import { type PreviewLetter, previewLetterOf } from "../../features/workspace/preview-project.ts";
import { type PreviewFont, useLivePreview } from "../../features/workspace/use-live-preview.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";

/** Longest character sequence a letter may stand for (a ligature), as the contract allows. */
const MAX_CHARS = 16;

/** Puts saved states into a cached list of a font's letters: in place of the old ones, new ones at the end. */
function mergeStates(list: LetterState[] | undefined, states: LetterState[], deleted: LetterSlot[] = []) {
  if (!list) return list;
  const byKey = new Map(states.map((state) => [letterKey(state), state]));
  const gone = new Set(deleted.map(letterKey));
  const merged = list
    .filter((letter) => !gone.has(letterKey(letter)))
    .map((letter) => byKey.get(letterKey(letter)) ?? letter);
  const known = new Set(list.map(letterKey));
  return [...merged, ...states.filter((state) => !known.has(letterKey(state)))];
}

/** The line of text first set in the font: its own letters (the open one among them), at most a line's worth. */
const lineOf = (slots: LetterSlot[]) => [...new Set(slots.map((slot) => slot.chars))].join("").slice(0, 60);

/**
 * `/{lang}/editorSvg?font=ID&char=X[&variant=N]`: one letter of a font as an editable outline, with the font's other
 * letters one pick away, and a line of text set in the font as it is being edited.
 */
function EditorSvgPage() {
  const { t } = useTranslation("editor-outline");
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const fontId = params.get("font");
  const chars = params.get("char");
  const variant = Math.max(1, Number.parseInt(params.get("variant") ?? "1", 10) || 1);
  const slot = useMemo<LetterSlot | null>(() => (chars ? { chars, variant } : null), [chars, variant]);
  const [newChars, setNewChars] = useState("");

  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const font = fonts.data?.find((entry) => entry.id === fontId) ?? null;
  const lettersKey = useMemo(() => ["workspace", "letters", `font:${fontId ?? ""}`], [fontId]);
  // Always fetched anew on opening: a letter must be edited on the revision the server has now.
  const letters = useQuery({
    queryKey: lettersKey,
    enabled: font !== null,
    refetchOnMount: "always",
    refetchOnWindowFocus: false,
    queryFn: () => workspaceApi.fontLetters(fontId!),
  });
  const list = letters.data ?? [];
  const current = slot ? (list.find((letter) => letterKey(letter) === letterKey(slot)) ?? null) : null;
  const tracing = useTracingImage(fontId, current);

  const open = useCallback(
    (next: LetterSlot) =>
      setParams({ font: fontId!, char: next.chars, ...(next.variant > 1 ? { variant: String(next.variant) } : {}) }),
    [fontId, setParams],
  );

  const send = useCallback(
    async (changes: LetterChange[]): Promise<SendResult> => {
      try {
        const saved = await workspaceApi.changeLetters(fontId!, changes);
        const deleted = changes.filter((change) => change.document === null);
        queryClient.setQueryData<LetterState[]>(lettersKey, (old) => mergeStates(old, saved, deleted));
        void queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"], exact: true });
        return { saved };
      } catch (error) {
        const conflict =
          error instanceof ApiError && error.status === 409 ? LetterConflictBody.safeParse(error.body) : null;
        if (!conflict?.success) throw error;
        return { conflicts: conflict.data.conflicts };
      }
    },
    [fontId, lettersKey, queryClient],
  );

  // The live line of text: the font's letters as saved, the open one as it is being edited.
  const [edited, setEdited] = useState<{ key: string; document: GlyphDocument } | null>(null);
  const previewLetters = useMemo<PreviewLetter[]>(() => {
    const openKey = slot ? letterKey(slot) : null;
    const others = list.filter((letter) => letterKey(letter) !== openKey).map((letter) => previewLetterOf(letter));
    if (!slot || !edited || edited.key !== openKey || isBlank(edited.document)) return others;
    return [...others, { chars: slot.chars, variant: slot.variant, document: edited.document }];
  }, [list, slot, edited]);
  const previewFont = useMemo<PreviewFont | null>(
    () =>
      font ? { family: font.name, style: font.styleName, updatedAt: font.updatedAt, settings: font.settings } : null,
    [font],
  );
  const preview = useLivePreview(previewLetters, previewFont);

  const slots: LetterSlot[] = useMemo(() => {
    const all = list.map(({ chars: c, variant: v }) => ({ chars: c, variant: v }));
    if (slot && !all.some((entry) => letterKey(entry) === letterKey(slot))) all.push(slot);
    return all;
  }, [list, slot]);
  const neighbour = useCallback(
    (step: 1 | -1) => {
      if (!slot || slots.length < 2) return;
      const index = slots.findIndex((entry) => letterKey(entry) === letterKey(slot));
      open(slots[(index + step + slots.length) % slots.length]!);
    },
    [slot, slots, open],
  );
  // One autosave per letter for as long as the page is open: a save still on its way when the user moves to another
  // letter and back lands in the same place, so the letter is never edited on a revision it has already passed.
  const sessions = useRef(new Map<string, LetterAutosave>());
  const autosaveOf = (font: string, open: LetterSlot, server: LetterState | null) => {
    const key = `${font}/${letterKey(open)}`;
    let session = sessions.current.get(key);
    if (!session) {
      session = new LetterAutosave({ fontId: font, slot: open, server, send, store: browserLetterStore });
      sessions.current.set(key, session);
    }
    return session;
  };

  const onDocument = useCallback(
    (document: GlyphDocument) => slot && setEdited({ key: letterKey(slot), document }),
    [slot],
  );

  const ready = font !== null && letters.isFetchedAfterMount && letters.isSuccess;
  const loading = fonts.isPending || (font !== null && !letters.isFetchedAfterMount);

  return (
    <WorkspaceLayout page="editorSvg" title={slot ? t("titleOf", { chars: slot.chars }) : t("title")}>
      {loading && <DelayedLoader label={t("loading")} />}
      <ErrorNotice error={fonts.error ?? letters.error} />
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
          {font && (
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
          {font && (
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
      {font && ready && !slot && <Text c="dimmed">{list.length > 0 ? t("pickLetter") : t("emptyFont")}</Text>}
      {font && ready && slot && (
        <Stack gap="md">
          <LetterEditor
            key={`${font.id}/${letterKey(slot)}`}
            slot={slot}
            autosave={autosaveOf(font.id, slot, current)}
            tracing={tracing}
            onDocument={onDocument}
            onNeighbour={neighbour}
          />
          <FontPreviewBox
            bytes={preview}
            testId="live-preview"
            waitingText={t("previewWaiting")}
            initialText={lineOf(slots)}
          />
        </Stack>
      )}
    </WorkspaceLayout>
  );
}

export default withSignIn(EditorSvgPage, (t) => ({
  title: t("editor-outline:meta.title"),
  description: t("editor-outline:meta.description"),
}));
