import type { AdminUser } from "@handfont/contract";
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLanguage } from "../../app/use-language.ts";
import { usePageMeta } from "../../app/use-page-meta.ts";
import { useAuth } from "../../features/auth/session.ts";
import { paymentsApi } from "../../features/payments/payments-api.ts";
import { ErrorNotice, withSignIn } from "../../features/workspace/WorkspaceLayout.tsx";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

function UserCard({ user, self, onChanged }: { user: AdminUser; self: boolean; onChanged: () => void }) {
  const { t } = useTranslation("payments");
  const language = useLanguage();
  const [days, setDays] = useState<number>(30);
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<string | null>(null);
  const adjust = useMutation({
    mutationFn: (sign: 1 | -1) =>
      paymentsApi.adjustPremium({ userId: user.id, days: sign * days, reason: reason.trim() }),
    onSuccess: (answer) => {
      setResult(
        answer.isPremium && answer.premiumUntil
          ? t("status.until", { date: formatDate(new Date(answer.premiumUntil), language) })
          : t("admin.notPremium"),
      );
      setReason("");
      onChanged();
    },
  });
  const role = useMutation({
    mutationFn: () => paymentsApi.setRole(user.id, user.roles.includes("ADMIN") ? "USER" : "ADMIN"),
    onSuccess: onChanged,
  });
  const reasonOk = reason.trim().length >= 3;
  return (
    <Card withBorder padding="md" data-testid="admin-user">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Text>
            <Text size="sm" c="dimmed">
              {user.username}
            </Text>
          </div>
          <Group gap={4}>
            {user.roles.map((entry) => (
              <Badge key={entry} variant="light" color={entry === "ADMIN" ? "grape" : "gray"}>
                {entry}
              </Badge>
            ))}
          </Group>
        </Group>
        <Text size="sm" data-testid="admin-user-premium">
          {user.isPremium && user.premiumUntil
            ? t("status.until", { date: formatDate(new Date(user.premiumUntil), language) })
            : t("admin.notPremium")}
        </Text>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <NumberInput
            label={t("admin.days")}
            min={1}
            max={3660}
            value={days}
            onChange={(value) => setDays(typeof value === "number" ? value : 1)}
            w={110}
          />
          <TextInput
            label={t("admin.reason")}
            placeholder={t("admin.reasonHint")}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            style={{ flex: "1 1 180px" }}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="sm" disabled={!reasonOk} loading={adjust.isPending} onClick={() => adjust.mutate(1)}>
            {t("admin.grant")}
          </Button>
          <Button
            size="sm"
            variant="light"
            color="red"
            disabled={!reasonOk}
            loading={adjust.isPending}
            onClick={() => adjust.mutate(-1)}
          >
            {t("admin.remove")}
          </Button>
          <Button size="sm" variant="default" disabled={self} loading={role.isPending} onClick={() => role.mutate()}>
            {user.roles.includes("ADMIN") ? t("admin.makeUser") : t("admin.makeAdmin")}
          </Button>
        </Group>
        {result && (
          <Text size="sm" c="teal" role="status" data-testid="admin-result">
            {result}
          </Text>
        )}
        <ErrorNotice error={adjust.error ?? role.error} />
      </Stack>
    </Card>
  );
}

/** `/{lang}/addSubscriber/add` (admins): find a user, grant or remove premium time with a reason, set the role. */
function AddSubscriberPage() {
  const { t } = useTranslation("payments");
  const auth = useAuth();
  const queryClient = useQueryClient();
  usePageMeta({ title: t("admin.meta.title"), description: t("admin.meta.description") });
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const admin = auth.status === "loggedIn" && auth.user.roles.includes("ADMIN");
  const users = useQuery({
    queryKey: ["admin", "users", searched],
    queryFn: () => paymentsApi.findUsers(searched),
    enabled: admin && searched.length >= 2,
  });
  if (!admin) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {t("admin.title")}
        </Title>
        <Alert color="red" variant="light" data-testid="admin-only">
          {t("admin.only")}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("admin.title")}</Title>
        <Text c="dimmed">{t("admin.lead")}</Text>
        <Group
          component="form"
          align="flex-end"
          wrap="wrap"
          onSubmit={(event) => {
            event.preventDefault();
            setSearched(query.trim());
          }}
        >
          <TextInput
            label={t("admin.search")}
            placeholder={t("admin.searchHint")}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: "1 1 220px" }}
          />
          <Button type="submit" disabled={query.trim().length < 2}>
            {t("admin.find")}
          </Button>
        </Group>
        <ErrorNotice error={users.error} />
        {users.data?.length === 0 && <Text c="dimmed">{t("admin.noUsers")}</Text>}
        {users.data?.map((user) => (
          <UserCard
            key={user.id}
            user={user}
            self={auth.status === "loggedIn" && auth.user.id === user.id}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: ["admin", "users"] })}
          />
        ))}
      </Stack>
    </Container>
  );
}

export default withSignIn(AddSubscriberPage, (t) => ({
  title: t("payments:admin.meta.title"),
  description: t("payments:admin.meta.description"),
}));
