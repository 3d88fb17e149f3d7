import type { FontSummary } from "@handfont/contract";
import { Button, Group, Modal, Radio, Select, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Chooses the font that receives this font's letters and whose letter wins when both have one. */
export function MergeDialog(props: {
  opened: boolean;
  source: FontSummary;
  fonts: FontSummary[];
  onMerge: (targetId: string, onConflict: "source" | "target") => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("workspace");
  const others = props.fonts.filter((font) => font.id !== props.source.id);
  const [target, setTarget] = useState<string | null>(others[0]?.id ?? null);
  const [winner, setWinner] = useState<"source" | "target">("target");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("merge.title", { name: props.source.name })}
      returnFocus={false}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
      centered
    >
      <Stack>
        <Select
          label={t("merge.target")}
          data={others.map((font) => ({ value: font.id, label: font.name }))}
          value={target}
          onChange={setTarget}
          allowDeselect={false}
        />
        <Radio.Group label={t("merge.conflicts")} value={winner} onChange={(value) => setWinner(value as never)}>
          <Stack gap={6} mt={6}>
            <Radio value="target" label={t("merge.keepTarget")} />
            <Radio value="source" label={t("merge.takeSource")} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("dialog.cancel")}
          </Button>
          <Button disabled={!target} onClick={() => target && props.onMerge(target, winner)}>
            {t("fonts.merge")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
