import { readyMadeNameKey } from "@handfont/contract";
import { Anchor, Card, Grid, List, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { TemplatePagePreview } from "../../features/workspace/TemplatePagePreview.tsx";
import { ErrorNotice, WorkspaceLayout, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { workspaceApi } from "../../features/workspace/workspace-api.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

const STEPS = ["print", "write", "photograph", "upload"] as const;

/** `/{lang}/app/instructions`: how to print, write and photograph, shown on the real template of the language. */
function InstructionsPage() {
  const { t } = useTranslation(["instructions", "workspace", "content"]);
  const language = useLanguage();
  usePageMeta({ title: t("instructions:meta.title"), description: t("instructions:meta.description") });
  const page = useQuery({
    queryKey: ["workspace", "instructions-template", language],
    queryFn: async () => {
      const templates = await workspaceApi.templates();
      const template =
        templates.find((entry) => entry.readyMade && readyMadeNameKey(entry.id) === `ready-${language}`) ??
        templates.find((e) => e.readyMade);
      return template ? workspaceApi.pageOfQcode(template.qcodes[0]!) : null;
    },
  });
  return (
    <WorkspaceLayout page="appInstructions" title={t("instructions:title")}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {STEPS.map((step, index) => (
              <Card key={step} withBorder padding="lg" component="section" aria-labelledby={`step-${step}`}>
                <Title order={2} fz="h3" id={`step-${step}`} mb="xs">
                  {index + 1}. {t(`instructions:steps.${step}.title`)}
                </Title>
                <List spacing={4}>
                  {(t(`instructions:steps.${step}.points`, { returnObjects: true }) as string[]).map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Card>
            ))}
            <Card withBorder padding="lg" component="section" aria-labelledby="public-guides">
              <Title order={2} fz="h3" id="public-guides" mb="xs">
                {t("content:app.title")}
              </Title>
              <Text mb="sm">{t("content:app.text")}</Text>
              <Anchor component={AppLink} page="instructions" fw={600} td="underline">
                {t("content:app.all")}
              </Anchor>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            <Text fw={600}>{t("instructions:illustration")}</Text>
            {page.isPending && <DelayedLoader label={t("workspace:loading")} />}
            <ErrorNotice error={page.error} />
            {page.data && (
              <TemplatePagePreview
                layout={page.data.layout}
                page={page.data.page}
                label={t("instructions:illustration")}
              />
            )}
            <Text size="sm" c="dimmed">
              {t("instructions:legend")}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </WorkspaceLayout>
  );
}

export default withSignIn(InstructionsPage, (t) => ({
  title: t("instructions:meta.title"),
  description: t("instructions:meta.description"),
}));
