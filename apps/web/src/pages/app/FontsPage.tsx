import type { FontOrigin, FontSummary, ScanStatus } from "@handfont/contract";
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { KeepLettersDialog } from "../../features/payments/KeepLettersDialog.tsx";
import { isPlanLimitError } from "../../features/payments/PlanLimitNotice.tsx";
import { FontCard } from "../../features/workspace/FontCard.tsx";
import { UploadPanel } from "../../features/workspace/UploadPanel.tsx";
import { useSingleFlight } from "../../features/workspace/use-single-flight.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** `/{lang}/app`: upload filled-in pages, turn the letters into fonts, and the user's fonts. */
function FontsPage() {
  const { t } = useTranslation("workspace");
  usePageMeta({ title: t("fonts.meta.title"), description: t("fonts.meta.description") });
  const queryClient = useQueryClient();
  // Summaries only: counts, last build, specimen; a font's letters are fetched when it is opened.
  const data = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  const sets = useQuery({ queryKey: ["workspace", "letter-sets"], queryFn: workspaceApi.letterSets });
  const [name, setName] = useState("");
  const plan = useQuery({ queryKey: ["workspace", "premium"], queryFn: workspaceApi.premium });
  // More letters than the plan allows: the user chooses which to keep instead of the creation failing.
  const [choosing, setChoosing] = useState<{ name: string; from: FontOrigin; chars: string[] } | null>(null);
  const create = useSingleFlight({
    mutationFn: (input: { name: string; from: FontOrigin; keep?: string[] }) =>
      workspaceApi.createFont(input.name, input.from, input.keep),
    onSuccess: (created) => {
      setChoosing(null);
      queryClient.setQueryData<FontSummary[]>(["workspace", "fonts"], (list) => list && [created, ...list]);
    },
    onError: async (error, input) => {
      const { from } = input;
      if (!isPlanLimitError(error) || error.code === "PLAN_LIMIT_FONTS" || input.keep || from.kind !== "letterSet")
        return;
      // The error notice already says what went wrong; without the letters there is just nothing to choose from.
      const letters = await workspaceApi.letterSetLetters(from.letterSetId).catch(() => null);
      if (letters) setChoosing({ name: input.name, from, chars: letters.map((letter) => letter.chars) });
    },
  });
  const onRead = (_scan: ScanStatus) => void queryClient.invalidateQueries({ queryKey: ["workspace", "letter-sets"] });
  const fontName = name.trim() || t("fonts.defaultName");
  const fonts = data.data ?? [];

  return (
    <WorkspaceLayout page="app" title={t("fonts.title")}>
      <Card withBorder padding="lg" component="section" aria-labelledby="upload-title">
        <Title order={2} fz="h3" id="upload-title" mb="sm">
          {t("upload.title")}
        </Title>
        <UploadPanel onRead={onRead} />
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="new-font-title">
        <Title order={2} fz="h3" id="new-font-title" mb="sm">
          {t("fonts.newTitle")}
        </Title>
        <Stack gap="sm">
          <TextInput
            label={t("fonts.name")}
            placeholder={t("fonts.defaultName")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maw={360}
          />
          {sets.data?.map((set) => (
            <Group key={set.id} justify="space-between" data-testid="letter-set">
              <Text>{t("fonts.letterSet", { name: set.templateName, count: set.letterCount })}</Text>
              <Button
                onClick={() => create.run({ name: fontName, from: { kind: "letterSet", letterSetId: set.id } })}
                loading={create.isPending}
              >
                {t("fonts.fromLetters")}
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => create.run({ name: fontName, from: { kind: "empty" } })}
              disabled={create.isPending}
            >
              {t("fonts.empty")}
            </Button>
          </Group>
          <ErrorNotice error={create.error} />
        </Stack>
      </Card>
      {choosing && plan.data && (
        <KeepLettersDialog
          chars={choosing.chars}
          limits={plan.data.limits}
          pending={create.isPending}
          onClose={() => setChoosing(null)}
          onKeep={(keep) => create.run({ name: choosing.name, from: choosing.from, keep })}
        />
      )}

      <section aria-labelledby="fonts-title">
        <Title order={2} fz="h3" id="fonts-title" mb="sm">
          {t("fonts.listTitle")}
        </Title>
        {data.isPending && <DelayedLoader label={t("loading")} />}
        <ErrorNotice error={data.error ?? sets.error} />
        {data.isSuccess && fonts.length === 0 && <Text c="dimmed">{t("fonts.none")}</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {fonts.map((font) => (
            <FontCard key={font.id} font={font} fonts={fonts} />
          ))}
        </SimpleGrid>
      </section>
    </WorkspaceLayout>
  );
}

export default withSignIn(FontsPage, (t) => ({
  title: t("fonts.meta.title"),
  description: t("fonts.meta.description"),
}));
