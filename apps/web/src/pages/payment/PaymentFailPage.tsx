import { Alert, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { pagePath } from "../../app/pages.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { paymentsApi } from "../../features/payments/payments-api.ts";
import { withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

/** `/{lang}/payment/pfail`: the payment was cancelled or declined; nothing was granted, and trying again is one click. */
function PaymentFailPage() {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const [params] = useSearchParams();
  usePageMeta({ title: t("pfail.meta.title"), description: t("pfail.meta.description") });
  const paymentId = params.get("payment");
  const payment = useQuery({
    queryKey: ["payments", "payment", paymentId],
    queryFn: () => paymentsApi.payment(paymentId!),
    enabled: paymentId !== null,
  });
  const again = `${pagePath(language, "payment")}${payment.data ? `?purchase=${payment.data.purchase}` : ""}`;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("pfail.title")}</Title>
        <Alert color="orange" variant="light" data-testid="payment-failed">
          <Text>{payment.data?.status === "paid" ? t("pfail.paidAnyway") : t("pfail.text")}</Text>
        </Alert>
        <Text size="sm" c="dimmed">
          {t("pfail.help")}
        </Text>
        <Group>
          <Button component={Link} to={again}>
            {t("pfail.again")}
          </Button>
          <Button component={AppLink} page="sub" variant="default">
            {t("psuccess.toSub")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export default withSignIn(PaymentFailPage, (t) => ({
  title: t("payments:pfail.meta.title"),
  description: t("payments:pfail.meta.description"),
}));
