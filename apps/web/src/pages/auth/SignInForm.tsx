import type { PublicConfig } from "@handfont/contract";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { api } from "../../api/client.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { accountError, authMessage, type ShownError, signInError } from "../../features/auth/auth-errors.ts";
import { CaptchaField } from "../../features/auth/CaptchaField.tsx";
import { session } from "../../features/auth/session.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * After a refused sign-in the next challenge names the account tried: after many failed sign-ins on it the server
 * hardens the challenge, and a normal solution is refused with CAPTCHA. The address changes only together with the
 * widget's reset after a refusal, never while the visitor types: a new address mid-solve would stop the widget.
 */
function challengeFor(captcha: PublicConfig["captcha"], login: string): PublicConfig["captcha"] {
  const name = login.trim();
  if (!captcha.challengeUrl || !name) return captcha;
  return { ...captcha, challengeUrl: `${captcha.challengeUrl}?login=${encodeURIComponent(name)}` };
}

/** Sign-in with username or e-mail, password and captcha; spec §8 messages, and a resend for an unconfirmed address. */
export function SignInForm({ captcha }: { captcha: PublicConfig["captcha"] }) {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [refusedLogin, setRefusedLogin] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [resent, setResent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setResent(false);
    if (!token) {
      setError({ code: "CAPTCHA", message: authMessage(language, "CAPTCHA") });
      return;
    }
    setBusy(true);
    try {
      // On success the auth state changes and the login route sends the visitor home (spec §2).
      await session.signIn({ login: login.trim(), password, recaptca: token });
    } catch (failure) {
      setError(signInError(failure, language));
      setRefusedLogin(login);
      setResetSignal((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  async function resend(userId: string) {
    try {
      await api.post("/resendEmail/", { id: userId });
      setResent(true);
    } catch (failure) {
      setError(accountError(failure, language));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("tabs.signIn")}>
      <Stack gap="md">
        <TextInput
          label={t("signIn.login")}
          autoComplete="username"
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t("signIn.password")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        <CaptchaField
          config={challengeFor(captcha, refusedLogin)}
          language={language}
          onToken={setToken}
          resetSignal={resetSignal}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="signin-error">
            <Stack gap="xs" align="flex-start">
              <span>{error.message}</span>
              {error.userId && !resent && (
                <Button variant="subtle" size="compact-sm" onClick={() => void resend(error.userId!)}>
                  {t("signIn.resend")}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {resent && (
          <Alert color="teal" variant="light" role="status">
            {t("signIn.resent")}
          </Alert>
        )}
        <Group justify="space-between">
          <Anchor component={AppLink} page="forgotPassword" size="sm">
            {t("signIn.forgot")}
          </Anchor>
          <Button type="submit" loading={busy}>
            {t("signIn.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
