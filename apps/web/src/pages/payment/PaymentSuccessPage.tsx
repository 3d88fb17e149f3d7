import type { PaymentStatus } from "@handfont/contract";
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { BALANCE_QUERY, paymentsApi } from "../../features/payments/payments-api.ts";
import { ErrorNotice, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * How often the page asks whether the provider has confirmed the payment: often at first (webhooks usually come within
 * seconds), then slowly for as long as it stays pending, so a payment granted later by the server's periodic check
 * with the provider (or expired by it) still shows here.
 */
const POLL_MS = 2_000;
const POLL_FAST_FOR_MS = 2 * 60_000;
const POLL_SLOW_MS = 20_000;

/** When to ask again (ms), or false once the payment is settled. */
export function nextPoll(status: PaymentStatus | undefined, waitedMs: number): number | false {
  if (status !== "pending") return false;
  return waitedMs < POLL_FAST_FOR_MS ? POLL_MS : POLL_SLOW_MS;
}

/**
 * `/{lang}/payment/psuccess`: the provider sent the browser back. Only the provider's confirmation (webhook,
 * ResultURL, or the server asking Stripe) grants premium, so the page says "being confirmed" and asks until then.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  usePageMeta({ title: t("psuccess.meta.title"), description: t("psuccess.meta.description") });
  const paymentId = params.get("payment");
  const [startedAt] = useState(() => Date.now());
  const payment = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: () => paymentsApi.payment(paymentId!),
    enabled: paymentId !== null,
    refetchInterval: (query) => nextPoll(query.state.data?.status, Date.now() - startedAt),
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (status === "paid") void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY });
  }, [status, queryClient]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("psuccess.title")}</Title>
        {(!paymentId || payment.isPending || status === "pending") && (
          <Group gap="sm" data-testid="payment-confirming" role="status">
            <Loader size="sm" />
            <Text>{paymentId ? t("psuccess.confirming") : t("psuccess.unknown")}</Text>
          </Group>
        )}
        {status === "paid" && payment.data && (
          <Alert color="teal" variant="light" data-testid="payment-confirmed">
            <Text fw={600}>{t("psuccess.thanks")}</Text>
            {payment.data.premiumUntil && (
              <Text data-testid="premium-until">
                {t("status.until", { date: formatDate(new Date(payment.data.premiumUntil), language) })}
              </Text>
            )}
          </Alert>
        )}
        {(status === "failed" || status === "refunded" || status === "expired") && (
          <Alert color="red" variant="light" data-testid="payment-not-confirmed">
            {t(`psuccess.${status}`)}
          </Alert>
        )}
        <ErrorNotice error={payment.error} />
        <Group>
          <Button component={AppLink} page="app">
            {t("psuccess.toFonts")}
          </Button>
          <Button component={AppLink} page="sub" variant="default">
            {t("psuccess.toSub")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export default withSignIn(PaymentSuccessPage, (t) => ({
  title: t("payments:psuccess.meta.title"),
  description: t("payments:psuccess.meta.description"),
}));
