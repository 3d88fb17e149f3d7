import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { api } from "../../api/client.ts";
import { useLanguage } from "../../app/use-language.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { accountError } from "../auth/auth-errors.ts";
import { session } from "../auth/session.ts";
import { ConfirmDialog, useFocusReturn } from "../workspace/ConfirmDialog.tsx";
import { FontDownloads } from "./FontDownloads.tsx";

/**
 * Deleting the account with all its data (privacy page): the fonts are offered for download first, then a dialog
 * asks for the username typed again (and the password, when the account has one) and names the action on its
 * button. Once deleted, this browser is signed out and `onDeleted` runs.
 */
export function DeleteAccountCard(props: { username: string; hasPassword: boolean; onDeleted: () => void }) {
  const { t } = useTranslation("account");
  const language = useLanguage();
  const focus = useFocusReturn();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === props.username.toLowerCase();

  const close = () => {
    setAsking(false);
    setTyped("");
    setPassword("");
    focus.restore();
  };

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.post("/profile/delete", {
        username: typed.trim(),
        ...(props.hasPassword ? { password } : {}),
      });
      setAsking(false);
      // The server ended the session and cleared its cookie with the account; a logout call would only be refused.
      session.forget();
      props.onDeleted();
    } catch (error) {
      setFailure(accountError(error, language).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="delete-account-title">
      <Title order={2} fz="h4" mb="xs" id="delete-account-title">
        {t("delete.title")}
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("delete.lead")}
        </Text>
        <FontDownloads />
        <Button
          color="red"
          variant="light"
          onClick={() => {
            focus.remember();
            setFailure(null);
            setAsking(true);
          }}
          style={{ alignSelf: "flex-start" }}
        >
          {t("delete.open")}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t("delete.dialogTitle")}
        message={t("delete.question")}
        confirmLabel={t("delete.confirm")}
        confirmDisabled={!matches || (props.hasPassword && password === "") || busy}
        danger
        onClose={close}
        onConfirm={() => void confirm()}
      >
        <Stack gap="sm">
          <TextInput
            label={t("delete.typeUsername", { username: props.username })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {props.hasPassword && (
            <PasswordInput
              label={t("delete.password")}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}
