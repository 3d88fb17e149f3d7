import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { accountError } from "../../features/auth/auth-errors.ts";
import { session } from "../../features/auth/session.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** `/{lang}/forgotpasswordchangepassword?token=…`: sets a new password with the token of the reset mail. */
export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  usePageMeta({ title: t("meta.resetTitle"), description: t("meta.resetDescription") });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password !== repeat) {
      setError(t("reset.mismatch"));
      return;
    }
    setBusy(true);
    try {
      await api.post("/forgotPassword/updatePassword", { token, password });
      // Every session of the account has ended, this browser's too.
      session.store.signedOut();
      setDone(true);
    } catch (failure) {
      setError(accountError(failure, language).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={460} py={64}>
      <Title order={1} mb="lg">
        {t("reset.title")}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            {t("reset.noToken")}
          </Alert>
        ) : done ? (
          <Alert color="teal" variant="light" role="status" data-testid="reset-done">
            <Stack gap="xs" align="flex-start">
              <span>{t("reset.done")}</span>
              <Anchor component={AppLink} page="login">
                {t("reset.signIn")}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label={t("reset.password")}
                description={t("signUp.passwordHint")}
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                required
              />
              <PasswordInput
                label={t("reset.repeat")}
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.currentTarget.value)}
                required
              />
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={busy}>
                {t("reset.submit")}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
