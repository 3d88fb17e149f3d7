import { OutboxResponse } from "@handfont/contract";
import { Anchor, Card, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useLanguage } from "../../app/use-language.ts";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * The mails a development server kept instead of sending (no SMTP_URL): recipient, subject, time and links, so a
 * sign-up can be completed without a mail server. Shown only when the server says it keeps an outbox.
 */
export function OutboxCard() {
  const { t } = useTranslation("debug");
  const language = useLanguage();
  const outbox = useQuery({
    queryKey: ["debug-outbox"],
    queryFn: async () => OutboxResponse.parse(await api.get("/debug/outbox")),
    refetchInterval: 5000,
  });
  const messages = outbox.data?.messages ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-label={t("outbox.title")} style={{ gridColumn: "1 / -1" }}>
      <Title order={2} fz="h4" mb="xs">
        {t("outbox.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("outbox.lead")}
      </Text>
      {messages.length === 0 ? (
        <Text size="sm">{t("outbox.empty")}</Text>
      ) : (
        <Table layout="fixed" data-testid="outbox">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("outbox.to")}</Table.Th>
              <Table.Th>{t("outbox.subject")}</Table.Th>
              <Table.Th>{t("outbox.sent")}</Table.Th>
              <Table.Th>{t("outbox.links")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((message) => (
              <Table.Tr key={`${message.sentAt}-${message.to}-${message.subject}`}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{message.to}</Table.Td>
                <Table.Td>{message.subject}</Table.Td>
                <Table.Td>
                  {formatDate(new Date(message.sentAt), language, { dateStyle: "short", timeStyle: "medium" })}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {message.links.map((link) => (
                      <Anchor key={link} href={link} size="sm" style={{ overflowWrap: "anywhere" }}>
                        {link}
                      </Anchor>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
