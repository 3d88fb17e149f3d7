import { LANGUAGE_COOKIE, SOCIAL_LOGIN_CONFIRM_EMAIL, SOCIAL_LOGIN_OK } from "@handfont/contract";
import { Alert, Button, Container, Divider, Loader, Paper, Stack, Tabs, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { usePublicConfig } from "../../app/public-config.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { authMessage, isAuthErrorCode } from "../../features/auth/auth-errors.ts";
import { homeForSignedIn } from "../../features/auth/login-redirect.ts";
import { RETURN_PARAM, rememberReturnPath, safeReturnPath, takeReturnPath } from "../../features/auth/return-path.ts";
import { session, useAuth } from "../../features/auth/session.ts";
import { POPUP_CLOSED, startGoogleSignIn } from "../../features/auth/social-login.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { readCookie } from "../../lib/cookies.ts";
import { SignInForm } from "./SignInForm.tsx";
import { SignUpForm } from "./SignUpForm.tsx";

/** The message of a result code from the server's redirects (`?auth=`, `?confirmError=`), in the page's language. */
function useResultMessage() {
  const language = useLanguage();
  return (code: string) => authMessage(language, isAuthErrorCode(code) ? code : "SOCIAL_LOGIN_FAILED");
}

/**
 * `/{lang}/login`: sign-in and sign-up (spec §2). A signed-in visitor goes back to the page that sent them here
 * (`?next=`, one of our own paths), else home as the spec says; `?auth=` is a social-login result
 * (the user is stored, or its error shown, except confirmEmail, which is suppressed); `?confirmed=1` and
 * `?confirmError=` come from the mailed confirmation link.
 */
export default function LoginPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const messageOf = useResultMessage();
  const [socialError, setSocialError] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  // Where to go once signed in: the page that sent the visitor here, or the one remembered across Google's redirect.
  const next = safeReturnPath(params.get(RETURN_PARAM));
  const [remembered] = useState(() => takeReturnPath());
  useEffect(() => {
    if (next) rememberReturnPath(next);
  }, [next]);
  usePageMeta({ title: t("meta.loginTitle"), description: t("meta.loginDescription") });

  const authResult = params.get("auth");
  useEffect(() => {
    if (!authResult || authResult === SOCIAL_LOGIN_CONFIRM_EMAIL) return;
    if (authResult !== SOCIAL_LOGIN_OK) {
      setSocialError(authResult);
      return;
    }
    setCompleting(true);
    void session.completeSocialLogin().then((user) => {
      setCompleting(false);
      if (!user) setSocialError("SOCIAL_LOGIN_FAILED");
    });
  }, [authResult]);

  if (auth.status === "loggedIn") {
    const home = homeForSignedIn(location.pathname, readCookie(LANGUAGE_COOKIE.name));
    return <Navigate to={next ?? remembered ?? home} replace />;
  }

  const onGoogleResult = (result: string) => {
    if (result !== POPUP_CLOSED) {
      const back = next ? `&${RETURN_PARAM}=${encodeURIComponent(next)}` : "";
      navigate(`/${language}/login?auth=${encodeURIComponent(result)}${back}`, { replace: true });
      return;
    }
    // Closed without a word: the popup may still have signed in (its opener link cut); the session cookie tells.
    void session.completeSocialLogin();
  };

  const confirmed = params.get("confirmed") === "1";
  const confirmError = params.get("confirmError");

  return (
    <Container size={460} py={64}>
      <Title order={1} ta="center" mb="lg">
        {t("login.title")}
      </Title>
      <Stack gap="md">
        {confirmed && (
          <Alert color="teal" variant="light" role="status" data-testid="confirmed">
            {t("login.confirmed")}
          </Alert>
        )}
        {confirmError && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(confirmError)}
          </Alert>
        )}
        {socialError && (
          <Alert color="red" variant="light" role="alert" data-testid="social-error">
            {messageOf(socialError)}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          {config.isPending || completing ? (
            <Loader mx="auto" display="block" aria-label={t("login.loading")} />
          ) : config.isError ? (
            <Alert color="red" variant="light" role="alert">
              {config.error.message}
            </Alert>
          ) : (
            <Stack gap="md">
              {config.data.googleSignIn && (
                <>
                  <Button variant="default" fullWidth onClick={() => startGoogleSignIn(language, onGoogleResult)}>
                    {t("login.google")}
                  </Button>
                  <Divider label={t("login.or")} labelPosition="center" />
                </>
              )}
              <Tabs defaultValue={params.get("tab") === "signup" ? "signUp" : "signIn"} keepMounted={false}>
                <Tabs.List grow mb="md">
                  <Tabs.Tab value="signIn">{t("tabs.signIn")}</Tabs.Tab>
                  <Tabs.Tab value="signUp">{t("tabs.signUp")}</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="signIn">
                  <SignInForm captcha={config.data.captcha} />
                </Tabs.Panel>
                <Tabs.Panel value="signUp">
                  <SignUpForm captcha={config.data.captcha} mailOutbox={config.data.mailOutbox} />
                </Tabs.Panel>
              </Tabs>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
