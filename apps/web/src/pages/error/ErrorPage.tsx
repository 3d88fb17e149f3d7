import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass } from "../../app/buttons.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Spec §2 error page: 404 names the path ("Page Not Found: {path}"); anything else is an Internal Server Error. */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const path = `${location.pathname}${location.search}`;
  const title = notFound ? t("notFound.title") : t("internal.title");
  const hint = notFound ? t("notFound.hint") : t("internal.hint");

  usePageMeta({ title, description: hint, noindex: true });

  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={600} data-testid="error-status">
          {t("status", { status })}
        </Text>
        <Title order={1} data-testid="error-message" style={{ overflowWrap: "anywhere" }}>
          {notFound ? t("notFound.message", { path }) : t("internal.message")}
        </Title>
        <Text c="dimmed">{hint}</Text>
        <Group>
          <AppLink page="home" className={buttonClass()}>
            {t("backHome")}
          </AppLink>
          {!notFound && (
            <button type="button" className={buttonClass("default")} onClick={() => window.location.reload()}>
              {t("reload")}
            </button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
