import { Alert, Button, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { DelayedLoader } from "../../app/DelayedLoader.tsx";
import type { PageId } from "../../app/pages.ts";
import { pagePath } from "../../app/pages.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import type { TFunction } from "../../i18n/translator.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { RETURN_PARAM } from "../auth/return-path.ts";
import { session, useAuth } from "../auth/session.ts";
import { isPlanLimitError, PremiumLink } from "../payments/PlanLimitNotice.tsx";

const TABS: { page: PageId; label: string }[] = [
  { page: "app", label: "tabs.fonts" },
  { page: "appTemplates", label: "tabs.templates" },
  { page: "appShowSvg", label: "tabs.letters" },
  { page: "appInstructions", label: "tabs.instructions" },
];

/** The frame of every workspace page: its title and the tabs of /app and its children. */
export function WorkspaceLayout({ page, title, children }: { page: PageId; title: string; children: ReactNode }) {
  const { t } = useTranslation("workspace");
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Tabs value={page} onChange={(value) => value && navigate(pagePath(language, value as PageId))}>
          <Tabs.List aria-label={t("tabs.label")}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.page} value={tab.page}>
                {t(tab.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** A failed call shown with the server's message, which is already in the user's language; a plan limit links to /sub. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation("workspace");
  if (!error) return null;
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <Alert color={signedOut ? "yellow" : "red"} role="alert" title={signedOut ? t("errors.signIn") : t("errors.title")}>
      {error instanceof Error ? error.message : String(error)}
      {isPlanLimitError(error) && (
        <>
          {" "}
          <PremiumLink />
        </>
      )}
    </Alert>
  );
}

/** The title and description a page gives itself, read in its own texts. */
export type PageMetaOf = (t: TFunction) => { title: string; description: string };

function SignedOutMeta({ meta }: { meta: PageMetaOf }) {
  const { t } = useTranslation("workspace");
  usePageMeta(meta(t));
  return null;
}

/**
 * A workspace page for signed-in users; a signed-out visitor is invited to sign in instead (nothing is fetched),
 * still under the page's own title in their language, and comes back to the page once signed in.
 * After a reload the page waits for the session's restore, so its first calls carry the access token.
 */
export function withSignIn(Page: ComponentType, meta: PageMetaOf): ComponentType {
  return function SignedInPage() {
    const { t } = useTranslation("workspace");
    const auth = useAuth();
    const location = useLocation();
    const [restored, setRestored] = useState(false);
    useEffect(() => {
      let active = true;
      void session.ready().then(() => {
        if (active) setRestored(true);
      });
      return () => {
        active = false;
      };
    }, []);
    if (!restored) {
      return (
        <Container size="sm" py="xl">
          <DelayedLoader label={t("loading")} />
        </Container>
      );
    }
    if (auth.status === "loggedIn") return <Page />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Container size="sm" py="xl">
        <SignedOutMeta meta={meta} />
        <Title order={1} mb="md">
          {meta(t).title}
        </Title>
        <Alert color="violet" title={t("errors.signIn")} data-testid="workspace-signed-out">
          <Text mb="sm">{t("signedOut.text")}</Text>
          <Button component={AppLink} page="login" search={`?${RETURN_PARAM}=${encodeURIComponent(from)}`}>
            {t("signedOut.signIn")}
          </Button>
        </Alert>
      </Container>
    );
  };
}
