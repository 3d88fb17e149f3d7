import type { Balance, LedgerLine } from "@handfont/contract";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { pagePath } from "../../app/pages.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { RETURN_PARAM } from "../../features/auth/return-path.ts";
import { session, useAuth } from "../../features/auth/session.ts";
import { formatPrice } from "../../features/payments/format-price.ts";
import { PlanCards } from "../../features/payments/PlanCards.tsx";
import { BALANCE_QUERY, OFFER_QUERY, paymentsApi } from "../../features/payments/payments-api.ts";
import { ErrorNotice } from "../../features/workspace/WorkspaceLayout.tsx";
import { formatDate } from "../../i18n/format.ts";
import type { TFunction } from "../../i18n/translator.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

function Status({ balance }: { balance: Balance }) {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const portal = useMutation({
    mutationFn: paymentsApi.portal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Card withBorder padding="lg" data-testid="premium-status">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t("status.title")}</Text>
          <Badge color={balance.isPremium ? "teal" : "gray"} variant="light">
            {balance.isPremium ? t("plans.premium") : t("plans.free")}
          </Badge>
        </Group>
        {balance.isPremium && balance.premiumUntil ? (
          <Text data-testid="premium-until">
            {t("status.until", { date: formatDate(new Date(balance.premiumUntil), language) })} ·{" "}
            {t("status.daysLeft", { count: balance.daysLeft })}
          </Text>
        ) : (
          <Text c="dimmed">
            {balance.premiumUntil
              ? t("status.ended", { date: formatDate(new Date(balance.premiumUntil), language) })
              : t("status.never")}
          </Text>
        )}
        {balance.subscription && (
          <Group gap="xs">
            <Text size="sm">
              {t(`status.subscription.${balance.subscription.status === "canceled" ? "canceled" : "active"}`)}
            </Text>
            {balance.subscription.portal && (
              <Button size="xs" variant="light" onClick={() => portal.mutate()} loading={portal.isPending}>
                {t("status.manage")}
              </Button>
            )}
          </Group>
        )}
        <ErrorNotice error={portal.error} />
      </Stack>
    </Card>
  );
}

function lineText(line: LedgerLine, t: TFunction, language: string) {
  if (line.kind === "subscription" && line.until)
    return t("history.subscription", { date: formatDate(new Date(line.until), language) });
  if (line.kind === "migrated" && line.until)
    return t("history.migrated", { date: formatDate(new Date(line.until), language) });
  if (line.kind === "refund") return t("history.refund");
  if (line.months) return t("history.months", { count: line.months });
  if (line.days && line.days > 0) return t("history.granted", { count: line.days });
  return t("history.removed", { count: Math.abs(line.days ?? 0) });
}

function History({ lines }: { lines: LedgerLine[] }) {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  if (lines.length === 0) return <Text c="dimmed">{t("history.none")}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing="xs" data-testid="premium-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("history.date")}</Table.Th>
            <Table.Th>{t("history.what")}</Table.Th>
            <Table.Th>{t("history.amount")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{formatDate(new Date(line.at), language, { dateStyle: "medium" })}</Table.Td>
              <Table.Td>
                {lineText(line, t, language)}
                {line.reason ? ` — ${line.reason}` : ""}{" "}
                {(line.refunded || line.refundedMinor > 0) && (
                  <Badge size="xs" color="orange" variant="light">
                    {line.refunded ? t("history.refunded") : t("history.partlyRefunded")}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{line.price ? formatPrice(line.price, language) : "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/{lang}/sub`: the plans side by side, the user's premium status and history, and the packs to buy. */
export default function SubPage() {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const auth = useAuth();
  usePageMeta({ title: t("sub.meta.title"), description: t("sub.meta.description") });
  const offer = useQuery({ queryKey: OFFER_QUERY, queryFn: paymentsApi.offer });
  const balance = useQuery({
    queryKey: BALANCE_QUERY,
    queryFn: async () => {
      await session.ready();
      return paymentsApi.balance();
    },
    enabled: auth.status === "loggedIn",
  });
  const signedIn = auth.status === "loggedIn";

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("sub.title")}</Title>
        <Text c="dimmed" maw={760}>
          {t("sub.lead")}
        </Text>
        {balance.data && <Status balance={balance.data} />}
        <ErrorNotice error={balance.error} />
        <PlanCards current={balance.data ? (balance.data.isPremium ? "premium" : "free") : null} />

        <section aria-labelledby="buy-title">
          <Title order={2} fz="h3" id="buy-title" mb="sm">
            {t("sub.buyTitle")}
          </Title>
          {offer.isPending && <DelayedLoader label={t("loading")} />}
          <ErrorNotice error={offer.error} />
          {offer.data && offer.data.providers.length === 0 && (
            <Alert color="violet" variant="light" data-testid="operator-grants">
              {t("sub.operator")} <Anchor href={`mailto:${offer.data.contactEmail}`}>{offer.data.contactEmail}</Anchor>
            </Alert>
          )}
          {offer.data && offer.data.providers.length > 0 && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {offer.data.purchases.map((purchase) => (
                <Card key={purchase.id} withBorder padding="md" data-testid={`pack-${purchase.id}`}>
                  <Stack gap={6} h="100%" justify="space-between">
                    <Text fw={600}>
                      {purchase.recurring ? t("packs.monthly") : t("packs.months", { count: purchase.months })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {Object.values(purchase.prices)
                        .map((price) => formatPrice(price, language))
                        .join(" · ")}
                    </Text>
                    <Button
                      component={Link}
                      to={
                        signedIn
                          ? `${pagePath(language, "payment")}?purchase=${purchase.id}`
                          : `${pagePath(language, "login")}?${RETURN_PARAM}=${encodeURIComponent(`${pagePath(language, "payment")}?purchase=${purchase.id}`)}`
                      }
                    >
                      {signedIn ? t("sub.buy") : t("sub.signInToBuy")}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </section>

        {signedIn && (
          <section aria-labelledby="history-title">
            <Title order={2} fz="h3" id="history-title" mb="sm">
              {t("history.title")}
            </Title>
            {balance.data && <History lines={balance.data.history} />}
          </section>
        )}
      </Stack>
    </Container>
  );
}
