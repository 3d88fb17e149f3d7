import type { PublicConfig } from "@handfont/contract";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { authMessage, type ShownError, signUpError } from "../../features/auth/auth-errors.ts";
import { CaptchaField } from "../../features/auth/CaptchaField.tsx";
import { session } from "../../features/auth/session.ts";

/** Sign-up with username, e-mail, password and captcha; the visitor stays signed out until the mailed link is followed. */
export function SignUpForm({ captcha, mailOutbox }: { captcha: PublicConfig["captcha"]; mailOutbox: boolean }) {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!token) {
      setError({ code: "CAPTCHA", message: authMessage(language, "CAPTCHA") });
      return;
    }
    setBusy(true);
    try {
      await session.signUp({ username: username.trim(), email: email.trim(), password, recaptca: token });
      setSentTo(email.trim());
    } catch (failure) {
      setError(signUpError(failure, language));
      setResetSignal((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <Alert color="teal" variant="light" role="status" data-testid="signup-done">
        <Stack gap="xs" align="flex-start">
          <span>{t("signUp.done", { email: sentTo })}</span>
          {mailOutbox && (
            <Anchor component={AppLink} page="debug" size="sm">
              {t("signUp.outboxHint")}
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("tabs.signUp")}>
      <Stack gap="md">
        <TextInput
          label={t("signUp.username")}
          description={t("signUp.usernameHint")}
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          required
        />
        <TextInput
          label={t("signUp.email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
        />
        <PasswordInput
          label={t("signUp.password")}
          description={t("signUp.passwordHint")}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        <CaptchaField config={captcha} language={language} onToken={setToken} resetSignal={resetSignal} />
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t("signUp.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
