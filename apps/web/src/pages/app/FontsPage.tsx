import type { FontOrigin, ScanStatus } from "@handfont/contract";
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { KeepLettersDialog } from "../../features/payments/KeepLettersDialog.tsx";
import { isPlanLimitError } from "../../features/payments/PlanLimitNotice.tsx";
import { FontCard } from "../../features/workspace/FontCard.tsx";
import { UploadPanel } from "../../features/workspace/UploadPanel.tsx";
import { useSingleFlight } from "../../features/workspace/use-single-flight.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";

/** `/{lang}/app`: upload filled-in pages, turn the letters into fonts, and the user's fonts. */
function FontsPage() {
  const { t } = useTranslation("workspace");
  usePageMeta({ title: t("fonts.meta.title"), description: t("fonts.meta.description") });
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: ["workspace", "all"], queryFn: workspaceApi.fontsAndLetters });
  const [name, setName] = useState("");
  const plan = useQuery({ queryKey: ["workspace", "premium"], queryFn: workspaceApi.premium });
  // More letters than the plan allows: the user chooses which to keep instead of the creation failing.
  const [choosing, setChoosing] = useState<{ name: string; from: FontOrigin; chars: string[] } | null>(null);
  const create = useSingleFlight({
    mutationFn: (input: { name: string; from: FontOrigin; keep?: string[] }) =>
      workspaceApi.createFont(input.name, input.from, input.keep),
    onSuccess: () => {
      setChoosing(null);
      return queryClient.invalidateQueries({ queryKey: ["workspace"] });
    },
    onError: (error, input) => {
      const set = input.from.kind === "letterSet" ? input.from : null;
      const letters = data.data?.letterSets.find((entry) => entry.id === set?.letterSetId)?.glyphs;
      if (isPlanLimitError(error) && error.code !== "PLAN_LIMIT_FONTS" && !input.keep && letters) {
        setChoosing({ name: input.name, from: input.from, chars: letters.map((glyph) => glyph.chars) });
      }
    },
  });
  const onRead = (_scan: ScanStatus) => void queryClient.invalidateQueries({ queryKey: ["workspace"] });
  const fontName = name.trim() || t("fonts.defaultName");
  const fonts = data.data?.fonts ?? [];

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
          {data.data?.letterSets.map((set) => (
            <Group key={set.id} justify="space-between" data-testid="letter-set">
              <Text>{t("fonts.letterSet", { name: set.templateName, count: set.glyphs.length })}</Text>
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
        <ErrorNotice error={data.error} />
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
