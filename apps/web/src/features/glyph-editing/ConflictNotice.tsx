import type { LocalLetter } from "@handfont/editor";
import { letterKey } from "@handfont/editor";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * Letters that changed elsewhere (another tab or device saved first) while edited here: each waits for the user to
 * keep their own version or take the other one. Nothing is overwritten until they choose.
 */
export function ConflictNotice(props: {
  letters: readonly LocalLetter[];
  onKeepMine: (key: string) => void;
  onTakeTheirs: (key: string) => void;
}) {
  const { t } = useTranslation("glyph-editing");
  if (props.letters.length === 0) return null;
  return (
    <Alert color="orange" role="alert" title={t("conflict.title")} data-testid="conflict">
      <Text size="sm" mb="xs">
        {t("conflict.text")}
      </Text>
      <Stack gap="xs">
        {props.letters.map((letter) => {
          const key = letterKey(letter);
          return (
            <Group key={key} gap="xs">
              <Text fw={600} miw={44} ta="center" fz="lg">
                {letter.chars}
              </Text>
              {letter.variant > 1 && <Text size="sm">{t("conflict.variant", { variant: letter.variant })}</Text>}
              <Button size="sm" onClick={() => props.onKeepMine(key)}>
                {t("conflict.keepMine")}
              </Button>
              <Button size="sm" variant="default" onClick={() => props.onTakeTheirs(key)}>
                {letter.conflict?.server ? t("conflict.takeTheirs") : t("conflict.takeDeleted")}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}

/** The autosave's state in a few words, for a status line (announced politely to screen readers). */
export function SaveStatusText({ status }: { status: string }) {
  const { t } = useTranslation("glyph-editing");
  const color = status === "error" || status === "conflict" ? "red" : status === "offline" ? "orange" : "dimmed";
  return (
    <Text size="sm" c={color} role="status" data-testid="save-status" data-status={status}>
      {t(`save.${status}`)}
    </Text>
  );
}
