import type { PlanLimits } from "@handfont/contract";
import { Button, Chip, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { PremiumLink } from "./PlanLimitNotice.tsx";
import { PremiumBadge } from "./TemplatePlanLimits.tsx";

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;

/**
 * Letters that exceed the plan: instead of failing, the user picks which characters go into the font (premium keeps
 * them all). Ligatures are offered only when the plan includes them; extra variants are trimmed by the server.
 */
export function KeepLettersDialog({
  chars,
  limits,
  pending,
  onKeep,
  onClose,
}: {
  chars: readonly string[];
  limits: PlanLimits;
  pending: boolean;
  onKeep: (keep: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("payments");
  const unique = [...new Set(chars)];
  const allowed = unique.filter((entry) => limits.ligatures || graphemes(entry) === 1);
  const [kept, setKept] = useState<string[]>(() => allowed.slice(0, limits.charactersPerFont));
  const tooMany = kept.length > limits.charactersPerFont;
  return (
    <Modal opened onClose={onClose} title={t("keep.title")} size="lg" data-testid="keep-letters">
      <Stack gap="sm">
        <Text size="sm">
          {t("keep.text", {
            count: unique.length,
            limit: limits.charactersPerFont,
            variants: limits.variantsPerCharacter,
          })}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} c={tooMany ? "red" : undefined} data-testid="keep-count">
            {t("keep.chosen", { count: kept.length, limit: limits.charactersPerFont })}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setKept(allowed.slice(0, limits.charactersPerFont))}>
              {t("keep.first")}
            </Button>
            <Button size="xs" variant="default" onClick={() => setKept([])}>
              {t("keep.none")}
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={320}>
          <Chip.Group multiple value={kept} onChange={setKept}>
            <Group gap={6}>
              {unique.map((entry) => {
                const blocked = !allowed.includes(entry);
                return (
                  <Chip key={entry} value={entry} size="sm" disabled={blocked} variant="outline">
                    {entry}
                    {blocked && <PremiumBadge />}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
        </ScrollArea.Autosize>
        <PremiumLink />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("keep.cancel")}
          </Button>
          <Button disabled={kept.length === 0 || tooMany} loading={pending} onClick={() => onKeep(kept)}>
            {t("keep.make")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
