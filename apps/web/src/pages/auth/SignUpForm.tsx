import type { PublicConfig } from "@handfont/contract";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../../api/errors.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { authMessage, type ShownError, signUpError } from "../../features/auth/auth-errors.ts";
import { CaptchaField } from "../../features/auth/CaptchaField.tsx";
import { session } from "../../features/auth/session.ts";
import {
  checkSignUp,
  problemsOfAnswer,
  type SignUpField,
  type SignUpProblems,
} from "../../features/auth/signup-rules.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Sign-up with username, e-mail, password and captcha; the visitor stays signed out until the mailed link is followed. */
export function SignUpForm({ captcha, mailOutbox }: { captcha: PublicConfig["captcha"]; mailOutbox: boolean }) {
  const { t } = useTranslation(["auth", "account"]);
  const language = useLanguage();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [token, setToken] = useState<string | null>(null);
  const [resetSignal, setResetSignal] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Each field names the rule it breaks, checked before sending; once the visitor has tried, as they type.
  const [problems, setProblems] = useState<SignUpProblems>({});
  const [tried, setTried] = useState(false);
  const fields = useRef<Record<SignUpField, HTMLInputElement | null>>({ username: null, email: null, password: null });

  const edit = (field: SignUpField, value: string, set: (value: string) => void) => {
    set(value);
    if (!tried) return;
    const next = { username, email, password, [field]: value };
    setProblems((shown) => ({ ...shown, [field]: checkSignUp(next)[field] }));
  };

  const showProblems = (found: SignUpProblems) => {
    setProblems(found);
    const first = (["username", "email", "password"] as const).find((field) => found[field]);
    if (first) fields.current[first]?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setTried(true);
    const input = { username, email, password };
    const found = checkSignUp(input);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setProblems({});
    if (!token) {
      setError({ code: "CAPTCHA", message: authMessage(language, "CAPTCHA") });
      return;
    }
    setBusy(true);
    try {
      await session.signUp({ username: username.trim(), email: email.trim(), password, recaptca: token });
      setSentTo(email.trim());
    } catch (failure) {
      const named = failure instanceof ApiError ? problemsOfAnswer(failure.code, failure.body, input) : {};
      if (Object.keys(named).length > 0) showProblems(named);
      else setError(signUpError(failure, language));
      setResetSignal((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  const problem = (field: SignUpField) => {
    const rule = problems[field];
    return rule ? t(`account:rules.${rule}`) : undefined;
  };

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
          ref={(element) => {
            fields.current.username = element;
          }}
          label={t("signUp.username")}
          description={t("signUp.usernameHint")}
          autoComplete="username"
          value={username}
          onChange={(event) => edit("username", event.currentTarget.value, setUsername)}
          error={problem("username")}
          required
        />
        <TextInput
          ref={(element) => {
            fields.current.email = element;
          }}
          label={t("signUp.email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => edit("email", event.currentTarget.value, setEmail)}
          error={problem("email")}
          required
        />
        <PasswordInput
          ref={(element) => {
            fields.current.password = element;
          }}
          label={t("signUp.password")}
          description={t("signUp.passwordHint")}
          autoComplete="new-password"
          value={password}
          onChange={(event) => edit("password", event.currentTarget.value, setPassword)}
          error={problem("password")}
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
