import { Anchor, Group, Paper, Text } from "@mantine/core";
import { AppLink } from "../../app/AppLink.tsx";
import { buttonClass } from "../../app/buttons.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./CookieBanner.module.css";
import { shouldShowBanner } from "./consent.ts";
import { acceptCookies, rejectCookies, useConsent } from "./consent-store.ts";

/** Spec §4: asks once for consent to analytics cookies; both choices are one click and equally prominent. */
export function CookieBanner() {
  const flags = useConsent();
  const { t, ready } = useTranslation("cookie-consent");
  if (!ready || !shouldShowBanner(flags)) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="cookie-banner-title"
      className={classes.banner}
      shadow="xl"
      withBorder
      p={{ base: "md", sm: "lg" }}
      data-testid="cookie-banner"
    >
      <Text fw={700} id="cookie-banner-title" mb={4}>
        {t("title")}
      </Text>
      <Text size="sm" c="dimmed">
        {t("text")}{" "}
        <Anchor component={AppLink} page="cookies" size="sm">
          {t("learnMore")}
        </Anchor>
      </Text>
      <Group mt="md" gap="sm" justify="flex-end">
        <button type="button" className={buttonClass("default")} onClick={rejectCookies}>
          {t("reject")}
        </button>
        <button type="button" className={buttonClass()} onClick={acceptCookies}>
          {t("accept")}
        </button>
      </Group>
    </Paper>
  );
}
