import { type LetterSlot, letterKey } from "@handfont/editor";
import { Group, SegmentedControl, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import classes from "./LetterGrid.module.css";

type Filter = "all" | "missing" | "drawn";

/**
 * Every letter of the character plan as a button (at least 44 px, for a finger), marked drawn or missing, with a
 * filter: the way to jump to any letter and to see what is left to do.
 */
export function LetterGrid(props: {
  slots: readonly LetterSlot[];
  current: LetterSlot | null;
  isDrawn: (slot: LetterSlot) => boolean;
  onPick: (slot: LetterSlot) => void;
}) {
  const { t } = useTranslation("glyph-editing");
  const [filter, setFilter] = useState<Filter>("all");
  const drawnCount = props.slots.filter(props.isDrawn).length;
  const shown = props.slots.filter((slot) =>
    filter === "all" ? true : filter === "drawn" ? props.isDrawn(slot) : !props.isDrawn(slot),
  );
  const currentKey = props.current ? letterKey(props.current) : null;
  return (
    <div>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text size="sm" data-testid="letter-count">
          {t("grid.count", { drawn: drawnCount, total: props.slots.length })}
        </Text>
        <SegmentedControl
          size="xs"
          classNames={{ label: classes.filterLabel }}
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { value: "all", label: t("grid.all") },
            { value: "missing", label: t("grid.missing") },
            { value: "drawn", label: t("grid.drawn") },
          ]}
        />
      </Group>
      <ul className={classes.grid} aria-label={t("grid.label")}>
        {shown.map((slot) => {
          const key = letterKey(slot);
          const drawn = props.isDrawn(slot);
          return (
            <li key={key}>
              <UnstyledButton
                className={classes.cell}
                data-drawn={drawn || undefined}
                data-current={key === currentKey || undefined}
                aria-current={key === currentKey ? "true" : undefined}
                aria-label={t(drawn ? "grid.letterDrawn" : "grid.letterMissing", {
                  chars: slot.chars,
                  variant: slot.variant,
                })}
                onClick={() => props.onPick(slot)}
              >
                <span className={classes.chars}>{slot.chars}</span>
                {slot.variant > 1 && <span className={classes.variant}>{slot.variant}</span>}
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {filter === "missing" ? t("grid.noneMissing") : t("grid.noneDrawn")}
        </Text>
      )}
    </div>
  );
}
