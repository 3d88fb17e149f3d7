import { LANGUAGES, type Language, ProfileResponse, SessionResponse } from "@handfont/contract";
import { Alert, Anchor, Badge, Button, Card, Container, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { switchLanguagePath } from "../../app/language-path.ts";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { DeleteAccountCard } from "../../features/account/DeleteAccountCard.tsx";
import { authMessage, isAuthErrorCode } from "../../features/auth/auth-errors.ts";
import { session, useAuth } from "../../features/auth/session.ts";
import { LANGUAGE_NAMES } from "../../i18n/language-names.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { EmailForm, PasswordForm } from "./ProfileForms.tsx";

export const PROFILE_QUERY = ["profile"] as const;

/** `/{lang}/profile`: the account's data, e-mail and password changes, language and sign-out. */
export default function ProfilePage() {
  const { t } = useTranslation(["auth", "account"]);
  const language = useLanguage();
  const auth = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageMeta({ title: t("meta.profileTitle"), description: t("meta.profileDescription") });
  const profile = useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: async () => {
      await session.ready();
      return ProfileResponse.parse(await api.get("/profile/"));
    },
    enabled: auth.status === "loggedIn",
  });

  const confirmError = params.get("confirmError");
  const notices = (
    <>
      {params.get("deleted") === "1" && (
        <Alert color="teal" variant="light" role="status" data-testid="account-deleted">
          {t("account:delete.done")}
        </Alert>
      )}
      {params.get("emailChanged") === "1" && (
        <Alert color="teal" variant="light" role="status">
          {t("profile.emailChanged")}
        </Alert>
      )}
      {confirmError && (
        <Alert color="red" variant="light" role="alert">
          {authMessage(language, isAuthErrorCode(confirmError) ? confirmError : "TOKEN_INVALID")}
        </Alert>
      )}
    </>
  );

  if (auth.status === "loggedOut") {
    return (
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>{t("profile.title")}</Title>
          {notices}
          <Alert variant="light" data-testid="profile-signed-out">
            <Stack gap="xs" align="flex-start">
              <span>{t("profile.signedOut")}</span>
              <Anchor component={AppLink} page="login">
                {t("profile.signIn")}
              </Anchor>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  const data = profile.data;
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
  const rows: [string, React.ReactNode][] = data
    ? [
        [t("profile.username"), data.username],
        [
          t("profile.email"),
          <Stack key="e" gap={2}>
            <span>{data.email}</span>
            {data.pendingEmail && (
              <Text size="sm" c="dimmed">
                {t("profile.pending", { email: data.pendingEmail })}
              </Text>
            )}
          </Stack>,
        ],
        [t("profile.roles"), data.roles.map((role) => t(`account:roles.${role}`)).join(", ")],
        [
          t("profile.premium"),
          <Badge key="p" variant="light" color={data.isPremium ? "teal" : "gray"}>
            {data.isPremium ? t("profile.premiumYes") : t("profile.premiumNo")}
          </Badge>,
        ],
        [t("profile.google"), data.googleLinked ? t("profile.googleLinked") : t("profile.googleNotLinked")],
      ]
    : [];

  return (
    <Container size="sm" py={64}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t("profile.title")}</Title>
          <Button variant="default" onClick={() => void session.signOut()} data-testid="sign-out">
            {t("profile.signOut")}
          </Button>
        </Group>
        {notices}
        {profile.isError && (
          <Alert color="red" variant="light" role="alert">
            {profile.error.message}
          </Alert>
        )}
        {data && (
          <>
            <Card withBorder padding="lg">
              <Table variant="vertical" layout="fixed" data-testid="profile-data">
                <Table.Tbody>
                  {rows.map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w="35%">{label}</Table.Th>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <EmailForm hasPassword={data.hasPassword} onDone={refreshProfile} />
            <PasswordForm
              hasPassword={data.hasPassword}
              onDone={(answer) => {
                const parsed = SessionResponse.safeParse(answer);
                if (parsed.success) {
                  api.setAccessToken(parsed.data.accessToken);
                  session.store.signedIn(parsed.data.user);
                }
                void refreshProfile();
              }}
            />
            <Card withBorder padding="lg" component="section" aria-label={t("profile.languageTitle")}>
              <Title order={2} fz="h4" mb="xs">
                {t("profile.languageTitle")}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t("profile.languageLead")}
              </Text>
              <Select
                aria-label={t("profile.languageTitle")}
                data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                value={language}
                allowDeselect={false}
                onChange={(value) => {
                  if (value && value !== language) navigate(switchLanguagePath(location, value as Language));
                }}
              />
            </Card>
            <DeleteAccountCard
              username={data.username}
              hasPassword={data.hasPassword}
              onDeleted={() => {
                queryClient.clear();
                navigate(`${location.pathname}?deleted=1`, { replace: true });
              }}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
