import { Anchor, Container, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { reopenCookieBanner } from "../features/cookie-consent/consent-store.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { AppLink } from "./AppLink.tsx";
import classes from "./Footer.module.css";
import { SITE_NAME } from "./head.ts";
import { useShellSettings } from "./shell-settings.ts";

/** Legal links, cookie settings, diagnostics and the licence note. */
export function Footer() {
  const { t } = useTranslation();
  const operator = useShellSettings()?.operatorName ?? SITE_NAME;
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={classes.columns}>
          <Stack gap={6}>
            <Text fw={700}>{SITE_NAME}</Text>
            <Text size="sm" c="dimmed">
              {t("footer.tagline")}
            </Text>
          </Stack>
          <nav aria-label={t("footer.product")}>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t("footer.product")}
              </Text>
              <Anchor component={AppLink} page="functions" size="sm" c="dimmed">
                {t("nav.functions")}
              </Anchor>
              <Anchor component={AppLink} page="functions" hash="plans" size="sm" c="dimmed">
                {t("nav.plans")}
              </Anchor>
              <Anchor component={AppLink} page="debug" size="sm" c="dimmed">
                {t("footer.debug")}
              </Anchor>
            </Stack>
          </nav>
          <nav aria-label={t("footer.legal")}>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t("footer.legal")}
              </Text>
              <Anchor component={AppLink} page="privacy" size="sm" c="dimmed">
                {t("footer.privacy")}
              </Anchor>
              <Anchor component={AppLink} page="cookies" size="sm" c="dimmed">
                {t("footer.cookies")}
              </Anchor>
              <Anchor component={AppLink} page="offer" size="sm" c="dimmed">
                {t("footer.offer")}
              </Anchor>
              <UnstyledButton onClick={reopenCookieBanner} className={classes.textButton}>
                {t("footer.cookieSettings")}
              </UnstyledButton>
            </Stack>
          </nav>
        </div>
        <Group justify="space-between" mt="xl" gap="xs" className={classes.bottom}>
          <Text size="xs" c="dimmed">
            {t("footer.copyright", { year: new Date().getFullYear(), operator })}
          </Text>
          <Text size="xs" c="dimmed" maw={640}>
            {t("footer.license")}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
