import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { api } from "../../api/client.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { accountError } from "../../features/auth/auth-errors.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** `/{lang}/forgotpassword`: asks for a reset link. The server answers the same whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageMeta({ title: t("meta.forgotTitle"), description: t("meta.forgotDescription") });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await api.post("/forgotPassword/", { email: email.trim() });
      setSentTo(email.trim());
    } catch (failure) {
      setError(accountError(failure, language).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={460} py={64}>
      <Title order={1} mb="xs">
        {t("forgot.title")}
      </Title>
      <Text c="dimmed" mb="lg">
        {t("forgot.lead")}
      </Text>
      <Paper withBorder p="lg" radius="md">
        {sentTo ? (
          <Alert color="teal" variant="light" role="status" data-testid="forgot-sent">
            {t("forgot.sent", { email: sentTo })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t("forgot.email")}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                required
              />
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={busy}>
                {t("forgot.submit")}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <Anchor component={AppLink} page="login" mt="md" display="inline-block">
        {t("forgot.back")}
      </Anchor>
    </Container>
  );
}
