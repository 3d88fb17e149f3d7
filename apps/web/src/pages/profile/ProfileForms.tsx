import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { api } from "../../api/client.ts";
import { useLanguage } from "../../app/use-language.ts";
import { accountError } from "../../features/auth/auth-errors.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

type Outcome = { kind: "ok"; message: string } | { kind: "error"; message: string } | null;

/** A titled card holding one profile form, with its success or error message. */
function FormCard({
  title,
  lead,
  outcome,
  busy,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  lead?: string;
  outcome: Outcome;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      {lead && (
        <Text size="sm" c="dimmed" mb="sm">
          {lead}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {outcome && (
            <Alert
              color={outcome.kind === "ok" ? "teal" : "red"}
              variant="light"
              role={outcome.kind === "ok" ? "status" : "alert"}
            >
              {outcome.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Runs a profile call with busy state and a success or localized error outcome. */
function useSubmit() {
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function run<T>(call: () => Promise<T>, success: string, after?: (answer: T) => void) {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await call();
      setOutcome({ kind: "ok", message: success });
      after?.(answer);
    } catch (failure) {
      setOutcome({ kind: "error", message: accountError(failure, language).message });
    } finally {
      setBusy(false);
    }
  }
  return { busy, outcome, run };
}

/** Change of e-mail: a confirmation link goes to the new address; accounts with a password confirm with it. */
export function EmailForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, outcome, run } = useSubmit();
  return (
    <FormCard
      title={t("profile.emailTitle")}
      outcome={outcome}
      busy={busy}
      submitLabel={t("profile.emailSubmit")}
      onSubmit={(event) => {
        event.preventDefault();
        const target = email.trim();
        void run(
          () => api.post("/profile/editEmail/", { email: target, ...(hasPassword ? { password } : {}) }),
          t("profile.emailSent", { email: target }),
          () => {
            setPassword("");
            onDone();
          },
        );
      }}
    >
      <TextInput
        label={t("profile.newEmail")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      {hasPassword && (
        <PasswordInput
          label={t("profile.currentPassword")}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      )}
    </FormCard>
  );
}

/** Change of password (the other sessions end), or a first password for an account made through Google. */
export function PasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: (answer: unknown) => void }) {
  const { t } = useTranslation("auth");
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { busy, outcome, run } = useSubmit();
  const clear = (answer: unknown) => {
    setOldPassword("");
    setNewPassword("");
    onDone(answer);
  };
  if (!hasPassword) {
    return (
      <FormCard
        title={t("profile.addPasswordTitle")}
        lead={t("profile.addPasswordLead")}
        outcome={outcome}
        busy={busy}
        submitLabel={t("profile.addPasswordSubmit")}
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => api.post("/profile/addPassword", { password: newPassword }),
            t("profile.passwordAdded"),
            clear,
          );
        }}
      >
        <PasswordInput
          label={t("profile.newPassword")}
          description={t("signUp.passwordHint")}
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
        />
      </FormCard>
    );
  }
  return (
    <FormCard
      title={t("profile.passwordTitle")}
      outcome={outcome}
      busy={busy}
      submitLabel={t("profile.passwordSubmit")}
      onSubmit={(event) => {
        event.preventDefault();
        void run(
          () => api.post("/profile/editPassword", { oldPassword, newPassword }),
          t("profile.passwordChanged"),
          clear,
        );
      }}
    >
      <PasswordInput
        label={t("profile.oldPassword")}
        autoComplete="current-password"
        value={oldPassword}
        onChange={(event) => setOldPassword(event.currentTarget.value)}
      />
      <PasswordInput
        label={t("profile.newPassword")}
        description={t("signUp.passwordHint")}
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.currentTarget.value)}
      />
    </FormCard>
  );
}
