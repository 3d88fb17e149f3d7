import { Box, Button, Card, Group, Modal, Radio, ScrollArea, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { GlyphOutline } from "../workspace/GlyphOutline.tsx";
import { ErrorNotice } from "../workspace/WorkspaceLayout.tsx";
import { type Choice, defaultChoice, type ReviewRow } from "./reupload-review.ts";

function Side(props: { title: string; path: string | null; warnings: number; label: string; chosen: boolean }) {
  const { t } = useTranslation("letters");
  return (
    <Box
      p={4}
      style={{
        borderRadius: 4,
        outline: props.chosen ? "2px solid var(--mantine-color-teal-5)" : "1px solid var(--mantine-color-dark-4)",
      }}
    >
      <Text size="xs" c="dimmed">
        {props.title}
      </Text>
      {props.path !== null ? (
        <GlyphOutline path={props.path} label={props.label} />
      ) : (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {t("review.none")}
        </Text>
      )}
      {props.warnings > 0 && (
        <Text size="xs" c="yellow.4">
          {t("review.warnings", { count: props.warnings })}
        </Text>
      )}
    </Box>
  );
}

/**
 * A page uploaded again, box by box against the font: the letter it has and the one just read side by side, and
 * which to keep. Boxes where the retake read worse (more warnings) keep the font's letter unless the user says so.
 */
export function ReuploadReview(props: {
  pages: number[];
  fontName: string;
  rows: ReviewRow[];
  pending: boolean;
  error: unknown;
  onApply: (choices: Record<string, Choice>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("letters");
  const phone = useMediaQuery("(max-width: 36em)");
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(props.rows.map((row) => [row.key, defaultChoice(row)])),
  );
  const taken = Object.values(choices).filter((choice) => choice === "new").length;
  const all = (choice: Choice) => setChoices(Object.fromEntries(props.rows.map((row) => [row.key, choice])));
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t("review.title", { pages: props.pages.join(", "), count: props.pages.length })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("review.close") }}
      data-testid="reupload-review"
    >
      <Stack gap="sm">
        <Text size="sm">{t("review.text", { font: props.fontName, count: props.rows.length })}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => all("new")}>
            {t("review.allNew")}
          </Button>
          <Button size="xs" variant="default" onClick={() => all("old")}>
            {t("review.allOld")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={phone ? undefined : "60vh"}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {props.rows.map((row) => {
              const label = t("review.box", { chars: row.chars, variant: row.variant });
              const choice = choices[row.key] ?? "new";
              return (
                <Card key={row.key} withBorder padding="xs" data-testid="review-row">
                  <Text fw={700} mb={4}>
                    {label}
                  </Text>
                  <SimpleGrid cols={2} spacing={6}>
                    <Side
                      title={t("review.old")}
                      path={row.old?.path ?? null}
                      warnings={row.old?.warnings.length ?? 0}
                      label={t("review.oldOf", { label })}
                      chosen={choice === "old"}
                    />
                    <Side
                      title={t("review.new")}
                      path={row.next.path}
                      warnings={row.next.warnings.length}
                      label={t("review.newOf", { label })}
                      chosen={choice === "new"}
                    />
                  </SimpleGrid>
                  <Radio.Group
                    mt={6}
                    value={choice}
                    onChange={(value) => setChoices((now) => ({ ...now, [row.key]: value as Choice }))}
                    aria-label={t("review.choose", { label })}
                  >
                    <Group gap="sm">
                      <Radio value="old" label={row.old ? t("review.keepOld") : t("review.skip")} />
                      <Radio value="new" label={t("review.takeNew")} />
                    </Group>
                  </Radio.Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </ScrollArea.Autosize>
        <ErrorNotice error={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("review.cancel")}
          </Button>
          <Button loading={props.pending} disabled={taken === 0} onClick={() => props.onApply(choices)}>
            {t("review.apply", { count: taken })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
