import { PLAN_LIMITS, type PlanId } from "@handfont/contract";
import { Card, Container, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { CheckIcon, FileIcon, MinusIcon, PrinterIcon, QrIcon, RulerIcon, ShuffleIcon } from "../../app/icons.tsx";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { PremiumLink } from "../../features/payments/PlanLimitNotice.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

const FEATURES: { id: string; icon: ReactNode }[] = [
  { id: "templates", icon: <PrinterIcon /> },
  { id: "reading", icon: <QrIcon /> },
  { id: "building", icon: <RulerIcon /> },
  { id: "editing", icon: <ShuffleIcon /> },
  { id: "exporting", icon: <FileIcon /> },
];

const PLAN_COLUMNS: PlanId[] = ["free", "premium"];

function Included({ value, label }: { value: boolean; label: string }) {
  return (
    <ThemeIcon size={24} radius="xl" variant="light" color={value ? "teal" : "gray"} aria-label={label} role="img">
      {value ? <CheckIcon size={14} /> : <MinusIcon size={14} />}
    </ThemeIcon>
  );
}

/** What the product does, and the free and premium plans side by side. */
export default function FunctionsPage() {
  const { t } = useTranslation("functions");
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });

  const rows: { id: string; cell: (plan: PlanId) => ReactNode }[] = [
    { id: "fonts", cell: (plan) => t("plans.values.fonts", { count: PLAN_LIMITS[plan].fonts }) },
    { id: "characters", cell: (plan) => t("plans.values.characters", { count: PLAN_LIMITS[plan].charactersPerFont }) },
    { id: "variants", cell: (plan) => t("plans.values.variants", { count: PLAN_LIMITS[plan].variantsPerCharacter }) },
    {
      id: "ligatures",
      cell: (plan) => (
        <Included
          value={PLAN_LIMITS[plan].ligatures}
          label={PLAN_LIMITS[plan].ligatures ? t("plans.yes") : t("plans.no")}
        />
      ),
    },
    { id: "formats", cell: () => <Included value label={t("plans.yes")} /> },
    { id: "keep", cell: () => <Included value label={t("plans.yes")} /> },
  ];

  return (
    <Container size="lg" py={64}>
      <Stack gap="sm" maw={760} mb={48}>
        <Title order={1}>{t("title")}</Title>
        <Text size="lg" c="dimmed">
          {t("lead")}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg" mb={80}>
        {FEATURES.map((feature) => (
          <Card key={feature.id} withBorder padding="xl" component="article">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              {feature.icon}
            </ThemeIcon>
            <Title order={2} fz="h3" mb="xs">
              {t(`features.${feature.id}.title`)}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`features.${feature.id}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <section id="plans" aria-labelledby="plans-title">
        <Title id="plans-title" order={2} mb="sm">
          {t("plans.title")}
        </Title>
        <Text c="dimmed" mb="xl" maw={760}>
          {t("plans.lead")}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="md" horizontalSpacing="lg" withTableBorder striped>
            <Table.Caption>{t("plans.caption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("plans.feature")}</Table.Th>
                {PLAN_COLUMNS.map((plan) => (
                  <Table.Th key={plan} scope="col">
                    {t(`plans.${plan}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row" fw={500}>
                    {t(`plans.rows.${row.id}`)}
                  </Table.Th>
                  {PLAN_COLUMNS.map((plan) => (
                    <Table.Td key={plan}>{row.cell(plan)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed" mt="md" maw={760}>
          {t("plans.afterPremium")}
        </Text>
        <Text mt="md">
          <PremiumLink />
        </Text>
      </section>
    </Container>
  );
}
