import { HealthResponse, LANGUAGE_COOKIE } from "@handfont/contract";
import { Badge, Card, Code, Container, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { api, XSRF_COOKIE } from "../../api/client.ts";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { usePublicConfig } from "../../app/public-config.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { breakpointOf } from "../../device/breakpoints.ts";
import { USER_AGENT_MAX_LENGTH } from "../../device/device-class.ts";
import { useDevice } from "../../device/use-device.ts";
import { POLICY_COOKIE, POLICY_REJECT_COOKIE } from "../../features/cookie-consent/consent.ts";
import { currentLanguageSignals, detectLanguage } from "../../i18n/detect-language.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { readCookie } from "../../lib/cookies.ts";
import { OutboxCard } from "./OutboxCard.tsx";

function InfoCard({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** `/{lang}/debug`: build, API, language, device and cookie facts for troubleshooting. Nothing secret. */
export default function DebugPage() {
  const { t } = useTranslation("debug");
  const language = useLanguage();
  const device = useDevice();
  const config = usePublicConfig();
  const health = useQuery({
    queryKey: ["health"],
    queryFn: async () => HealthResponse.parse(await api.get("/health")),
  });
  usePageMeta({ title: t("meta.title"), description: t("meta.description") });

  const signals = currentLanguageSignals();
  const flag = (name: string) => readCookie(name) ?? t("cookies.notSet");
  const loading = <DelayedLoader label={t("loading")} />;
  const failed = (error: Error) => <Text c="red.4">{t("api.unreachable", { message: error.message })}</Text>;

  const healthValue = health.isPending ? (
    loading
  ) : health.isError ? (
    failed(health.error)
  ) : (
    <Badge color={health.data.status === "ok" ? "teal" : "yellow"} variant="light" data-testid="api-health">
      {t(`api.status.${health.data.status}`)}
    </Badge>
  );

  return (
    <Container size="lg" py={64}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed">{t("lead")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <InfoCard
          title={t("build.title")}
          rows={[
            [t("build.version"), <Code key="v">{__HANDFONT_VERSION__}</Code>],
            [t("build.commit"), __HANDFONT_COMMIT__ ? <Code key="c">{__HANDFONT_COMMIT__}</Code> : t("build.unknown")],
            [t("build.mode"), import.meta.env.MODE],
          ]}
        />
        <InfoCard
          title={t("api.title")}
          rows={[
            [t("api.health"), healthValue],
            [t("api.serverVersion"), health.data?.version ?? (health.isPending ? loading : "—")],
            [
              t("api.database"),
              health.data
                ? t(health.data.database.ok ? "api.databaseOk" : "api.databaseDown", {
                    driver: health.data.database.driver,
                  })
                : "—",
            ],
            [
              t("api.uptime"),
              health.data ? t("api.uptimeValue", { count: Math.floor(health.data.uptimeSeconds) }) : "—",
            ],
            [
              t("api.configVersion"),
              config.isPending ? loading : config.isError ? failed(config.error) : config.data.version,
            ],
            [t("api.environment"), config.data?.environment ?? "—"],
            [
              t("api.analytics"),
              config.data ? t(config.data.analyticsId ? "api.analyticsOn" : "api.analyticsOff") : "—",
            ],
          ]}
        />
        <InfoCard
          title={t("language.title")}
          rows={[
            [t("language.active"), language],
            [t("language.cookie"), signals.cookie ?? t("cookies.notSet")],
            [t("language.browser"), signals.navigatorLanguages.join(", ") || "—"],
            [t("language.detected"), detectLanguage(signals)],
          ]}
        />
        <InfoCard
          title={t("device.title")}
          rows={[
            [
              t("device.class"),
              <span key="d" data-testid="device-class">
                {t(`device.classes.${device.deviceClass}`)}
              </span>,
            ],
            [
              t("device.viewport"),
              t("device.viewportValue", {
                width: window.innerWidth,
                height: window.innerHeight,
                breakpoint: breakpointOf(window.innerWidth),
              }),
            ],
            [t("device.touch"), String(navigator.maxTouchPoints)],
            [t("device.userAgent"), <Code key="ua">{navigator.userAgent.slice(0, USER_AGENT_MAX_LENGTH)}</Code>],
          ]}
        />
        <InfoCard
          title={t("cookies.title")}
          rows={[
            [POLICY_COOKIE, flag(POLICY_COOKIE)],
            [POLICY_REJECT_COOKIE, flag(POLICY_REJECT_COOKIE)],
            [LANGUAGE_COOKIE.name, flag(LANGUAGE_COOKIE.name)],
            // Only whether it exists: the token's value is a credential and is never shown.
            [XSRF_COOKIE, readCookie(XSRF_COOKIE) === undefined ? t("cookies.absent") : t("cookies.present")],
          ]}
        />
        {config.data?.mailOutbox && <OutboxCard />}
      </SimpleGrid>
    </Container>
  );
}
