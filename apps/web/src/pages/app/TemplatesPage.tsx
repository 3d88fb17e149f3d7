import {
  CHARACTER_SET_IDS,
  type CharacterSetId,
  type CreateTemplateResponse,
  readyMadeNameKey,
  type TemplateLayout,
  type TemplateSummary,
} from "@handfont/contract";
import { DEFAULT_CHARACTER_SETS, layoutTemplate } from "@handfont/engine/templates";
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { PlanNeededBadge, PremiumBadge, TemplatePlanLimits } from "../../features/payments/TemplatePlanLimits.tsx";
import { DeleteTemplateButton } from "../../features/workspace/DeleteTemplateButton.tsx";
import { TemplatePagePreview } from "../../features/workspace/TemplatePagePreview.tsx";
import { useSingleFlight } from "../../features/workspace/use-single-flight.ts";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { saveBlob, workspaceApi } from "../../features/workspace/workspace-api.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

type Options = {
  name: string;
  sets: CharacterSetId[];
  chars: string;
  ligatures: string[];
  variants: number;
  paper: "a4" | "letter";
  cellSize: "s" | "m" | "l";
  guides: boolean;
};

function PdfButton({ template }: { template: TemplateSummary }) {
  const { t } = useTranslation("workspace");
  const language = useLanguage();
  const download = useMutation({
    mutationFn: async () =>
      saveBlob(await workspaceApi.templatePdf(template.pdfUrl, language), `handfont-template-${template.id}.pdf`),
  });
  return (
    <>
      <Button variant="light" onClick={() => download.mutate()} loading={download.isPending}>
        {t("templates.downloadPdf")}
      </Button>
      <ErrorNotice error={download.error} />
    </>
  );
}

/** `/{lang}/app/templates`: build a template from options with a preview, print it; the ready-made ones. */
function TemplatesPage() {
  const { t } = useTranslation("workspace");
  usePageMeta({ title: t("templates.meta.title"), description: t("templates.meta.description") });
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<Options>({
    name: "",
    sets: [...DEFAULT_CHARACTER_SETS],
    chars: "",
    ligatures: [],
    variants: 1,
    paper: "a4",
    cellSize: "m",
    guides: true,
  });
  const [created, setCreated] = useState<CreateTemplateResponse | null>(null);
  const set = <K extends keyof Options>(key: K, value: Options[K]) => setOptions((o) => ({ ...o, [key]: value }));
  // The first page follows every change of the options: the engine lays the template out in the browser.
  const preview = useMemo(() => {
    try {
      return layoutTemplate({ ...options, id: "PREVIEW" }) as TemplateLayout;
    } catch {
      return null;
    }
  }, [options]);
  const templates = useQuery({ queryKey: ["workspace", "templates"], queryFn: workspaceApi.templates });
  // The plan's limits are shown while choosing, so a template never asks for more than the plan turns into a font.
  const plan = useQuery({ queryKey: ["workspace", "premium"], queryFn: workspaceApi.premium });
  const limits = plan.data?.limits;
  const characterCount = preview ? new Set(preview.cells.map((cell) => cell.chars)).size : 0;
  const create = useSingleFlight({
    mutationFn: () =>
      workspaceApi.createTemplate({ ...options, name: options.name.trim() || t("templates.defaultName") }),
    onSuccess: (result) => {
      setCreated(result);
      void queryClient.invalidateQueries({ queryKey: ["workspace", "templates"] });
    },
  });

  return (
    <WorkspaceLayout page="appTemplates" title={t("templates.title")}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card withBorder padding="lg" component="form" onSubmit={(event) => event.preventDefault()}>
          <Stack>
            <TextInput
              label={t("templates.name")}
              placeholder={t("templates.defaultName")}
              value={options.name}
              onChange={(event) => set("name", event.currentTarget.value)}
            />
            <Checkbox.Group
              label={t("templates.sets")}
              value={options.sets}
              onChange={(value) => set("sets", value as CharacterSetId[])}
            >
              <SimpleGrid cols={2} mt={6} spacing={6}>
                {CHARACTER_SET_IDS.map((id) => (
                  <Checkbox key={id} value={id} label={t(`sets.${id}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <TextInput
              label={t("templates.chars")}
              description={t("templates.charsHint")}
              value={options.chars}
              onChange={(event) => set("chars", event.currentTarget.value)}
            />
            <TagsInput
              label={
                <>
                  {t("templates.ligatures")} {limits && !limits.ligatures && <PremiumBadge />}
                </>
              }
              description={t("templates.ligaturesHint")}
              value={options.ligatures}
              onChange={(value) => set("ligatures", value)}
            />
            <NumberInput
              label={t("templates.variants")}
              description={t("templates.variantsHint")}
              min={1}
              max={15}
              value={options.variants}
              onChange={(value) => set("variants", typeof value === "number" ? value : 1)}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t("templates.paper")}
              </Text>
              <SegmentedControl
                value={options.paper}
                onChange={(value) => set("paper", value as Options["paper"])}
                data={[
                  { value: "a4", label: "A4" },
                  { value: "letter", label: t("templates.letter") },
                ]}
              />
            </div>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t("templates.cellSize")}
              </Text>
              <SegmentedControl
                value={options.cellSize}
                onChange={(value) => set("cellSize", value as Options["cellSize"])}
                data={(["s", "m", "l"] as const).map((size) => ({ value: size, label: t(`templates.sizes.${size}`) }))}
              />
            </div>
            <Switch
              label={t("templates.guides")}
              checked={options.guides}
              onChange={(event) => set("guides", event.currentTarget.checked)}
            />
            <Button type="submit" onClick={() => create.run()} loading={create.isPending}>
              {t("templates.create")}
            </Button>
            <ErrorNotice error={create.error} />
          </Stack>
        </Card>
        <Stack>
          <Title order={2} fz="h3">
            {t("templates.preview")}
          </Title>
          {preview ? (
            <>
              <TemplatePagePreview layout={preview} page={1} label={t("templates.previewLabel")} />
              <Group>
                <Badge>{t("templates.pages", { count: preview.pages.length })}</Badge>
                <Badge>{t("templates.characters", { count: characterCount })}</Badge>
              </Group>
              {limits && (
                <TemplatePlanLimits
                  limits={limits}
                  needs={{
                    characters: characterCount,
                    variants: options.variants,
                    ligatures: options.ligatures.length,
                  }}
                />
              )}
            </>
          ) : (
            <Text c="dimmed">{t("templates.previewEmpty")}</Text>
          )}
          {created && (
            <Group>
              <Text fw={600}>{t("templates.created", { name: created.template.name })}</Text>
              <PdfButton template={created.template} />
            </Group>
          )}
        </Stack>
      </SimpleGrid>

      <section aria-labelledby="ready-title">
        <Title order={2} fz="h3" id="ready-title" mb="sm">
          {t("templates.readyTitle")}
        </Title>
        {templates.isPending && <DelayedLoader label={t("loading")} />}
        <ErrorNotice error={templates.error} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {templates.data?.map((template) => (
            <Card key={template.id} withBorder padding="md" data-testid="template-card">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600}>
                    {template.readyMade ? t(`ready.${readyMadeNameKey(template.id)}`) : template.name}
                  </Text>
                  <PlanNeededBadge
                    needs={{
                      characters: template.characterCount,
                      variants: template.variants,
                      ligatures: template.ligatures.length,
                    }}
                  />
                </Group>
                <Text size="sm" c="dimmed">
                  {t("templates.characters", { count: template.characterCount })} ·{" "}
                  {t("templates.pages", { count: template.pageCount })}
                </Text>
                <Group gap="xs">
                  <PdfButton template={template} />
                  {!template.readyMade && (
                    <DeleteTemplateButton
                      template={template}
                      onDeleted={() => setCreated((shown) => (shown?.template.id === template.id ? null : shown))}
                    />
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </WorkspaceLayout>
  );
}

export default withSignIn(TemplatesPage, (t) => ({
  title: t("templates.meta.title"),
  description: t("templates.meta.description"),
}));
