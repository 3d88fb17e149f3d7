import { type PaymentProvider, PURCHASE_IDS, type PurchaseId } from "@handfont/contract";
import { Alert, Anchor, Button, Card, Container, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { formatPrice } from "../../features/payments/format-price.ts";
import { OFFER_QUERY, paymentsApi } from "../../features/payments/payments-api.ts";
import { ErrorNotice, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

const isPurchase = (value: string | null): value is PurchaseId =>
  value !== null && (PURCHASE_IDS as readonly string[]).includes(value);

/** `/{lang}/payment`: choose a pack and a payment route, then go to the provider's page. */
function PaymentPage() {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const [params] = useSearchParams();
  usePageMeta({ title: t("payment.meta.title"), description: t("payment.meta.description") });
  const offer = useQuery({ queryKey: OFFER_QUERY, queryFn: paymentsApi.offer });
  const asked = params.get("purchase");
  const [chosen, setChosen] = useState<PurchaseId>(isPurchase(asked) ? asked : "6m");
  const [route, setRoute] = useState<PaymentProvider | null>(null);
  const pay = useMutation({
    mutationFn: (input: { provider: PaymentProvider; purchase: PurchaseId }) =>
      paymentsApi.checkout(input.provider, input.purchase),
    onSuccess: ({ url }) => window.location.assign(url),
  });

  const purchase = offer.data?.purchases.find((entry) => entry.id === chosen) ?? offer.data?.purchases[0];
  const routes = purchase ? (Object.keys(purchase.prices) as PaymentProvider[]) : [];
  const provider = route && routes.includes(route) ? route : (routes[0] ?? null);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("payment.title")}</Title>
        {offer.isPending && <DelayedLoader label={t("loading")} />}
        <ErrorNotice error={offer.error} />
        {offer.data && offer.data.providers.length === 0 && (
          <Alert color="violet" variant="light" data-testid="operator-grants">
            {t("sub.operator")} <Anchor href={`mailto:${offer.data.contactEmail}`}>{offer.data.contactEmail}</Anchor>
          </Alert>
        )}
        {offer.data && purchase && (
          <>
            <Radio.Group
              label={t("payment.pack")}
              value={purchase.id}
              onChange={(value) => isPurchase(value) && setChosen(value)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {offer.data.purchases.map((entry) => (
                  <Radio.Card key={entry.id} value={entry.id} p="md" radius="md" withBorder>
                    <Text fw={600}>
                      {entry.recurring ? t("packs.monthly") : t("packs.months", { count: entry.months })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {Object.values(entry.prices)
                        .map((price) => formatPrice(price, language))
                        .join(" · ")}
                    </Text>
                    {entry.recurring && (
                      <Text size="xs" c="dimmed">
                        {t("packs.monthlyHint")}
                      </Text>
                    )}
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Radio.Group
              label={t("payment.route")}
              value={provider ?? ""}
              onChange={(value) => setRoute(value as PaymentProvider)}
            >
              <Stack gap="xs" mt="xs">
                {routes.map((entry) => (
                  <Radio
                    key={entry}
                    value={entry}
                    label={
                      <>
                        {t(`payment.routes.${entry}`)} · {formatPrice(purchase.prices[entry]!, language)}
                      </>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Card withBorder padding="md">
              <Text size="sm" c="dimmed">
                {purchase.recurring ? t("payment.noteMonthly") : t("payment.note")}
              </Text>
            </Card>
            <Button
              size="md"
              disabled={!provider}
              loading={pay.isPending || pay.isSuccess}
              onClick={() => provider && pay.mutate({ provider, purchase: purchase.id })}
              data-testid="pay-button"
            >
              {t("payment.pay")}
            </Button>
            <ErrorNotice error={pay.error} />
            <Anchor component={AppLink} page="sub" size="sm">
              {t("payment.back")}
            </Anchor>
          </>
        )}
      </Stack>
    </Container>
  );
}

export default withSignIn(PaymentPage, (t) => ({
  title: t("payments:payment.meta.title"),
  description: t("payments:payment.meta.description"),
}));
