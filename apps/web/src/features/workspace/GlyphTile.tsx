import type { LetterState } from "@handfont/contract";
import { ActionIcon, Anchor, Card, Group, NumberInput, Stack, Text, Tooltip } from "@mantine/core";
import { Link } from "react-router";
import { AppLink } from "../../app/AppLink.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { displayChars } from "./display-chars.ts";
import { GlyphOutline } from "./GlyphOutline.tsx";

export type GlyphEdit = { baselineShift: number; scale: number; deleted: boolean };

/** A letter as a tile shows it: its outline before adjustments, its adjustments and warnings. */
export type TileLetter = Pick<LetterState, "chars" | "variant" | "path" | "warnings" | "document">;

/** One letter in the grid: its outline on the guides, its warnings, and (for a font) its adjustments. */
export function GlyphTile(props: {
  glyph: TileLetter;
  edit?: GlyphEdit;
  onEdit?: (edit: GlyphEdit) => void;
  /** Where this letter is drawn over in the pen editor, for a font's letters. */
  drawHref?: string;
  /** The font the letter belongs to: the tile then links to the outline editor. */
  fontId?: string;
}) {
  const { t } = useTranslation("workspace");
  const { glyph, edit } = props;
  const warned = glyph.warnings.length > 0;
  const current = edit ?? { ...glyph.document.adjustments, deleted: false };
  const label = t("letters.glyphLabel", { chars: displayChars(glyph.chars), variant: glyph.variant });
  return (
    <Card
      withBorder
      padding="xs"
      data-testid="glyph-tile"
      style={{
        borderColor: warned ? "var(--mantine-color-yellow-5)" : undefined,
        opacity: current.deleted ? 0.35 : 1,
      }}
    >
      <Group justify="space-between" gap={4}>
        <Text fw={700}>
          {displayChars(glyph.chars)}
          {glyph.variant > 1 && (
            <Text span c="dimmed" size="xs">
              {" "}
              {glyph.variant}
            </Text>
          )}
        </Text>
        {props.drawHref && (
          <ActionIcon
            variant="subtle"
            size="sm"
            component={Link}
            to={props.drawHref}
            aria-label={t("letters.drawThis", { label })}
            title={t("letters.drawThis", { label })}
          >
            ✎
          </ActionIcon>
        )}
        {props.onEdit && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={current.deleted ? t("letters.restore", { label }) : t("letters.delete", { label })}
            aria-pressed={current.deleted}
            onClick={() => props.onEdit?.({ ...current, deleted: !current.deleted })}
          >
            ×
          </ActionIcon>
        )}
      </Group>
      <GlyphOutline path={glyph.path} scale={current.scale} baselineShift={current.baselineShift} label={label} />
      {props.fontId && (
        <Anchor
          component={AppLink}
          page="editorSvg"
          search={`?${new URLSearchParams({
            font: props.fontId,
            char: glyph.chars,
            ...(glyph.variant > 1 ? { variant: String(glyph.variant) } : {}),
          })}`}
          size="xs"
          aria-label={t("editor-outline:link.label", { label })}
        >
          {t("editor-outline:link.text")}
        </Anchor>
      )}
      {warned && (
        <Tooltip label={glyph.warnings.map((warning) => warning.message).join(" ")} multiline w={260}>
          <Text size="xs" c="yellow.4" tabIndex={0}>
            {t("letters.warnings", { count: glyph.warnings.length })}
          </Text>
        </Tooltip>
      )}
      {props.onEdit && (
        <Stack gap={4} mt={4}>
          <NumberInput
            size="xs"
            label={t("letters.baseline")}
            value={current.baselineShift}
            step={10}
            min={-1000}
            max={1000}
            onChange={(value) => props.onEdit?.({ ...current, baselineShift: Number(value) || 0 })}
          />
          <NumberInput
            size="xs"
            label={t("letters.scale")}
            value={current.scale}
            step={0.05}
            decimalScale={2}
            min={0.1}
            max={10}
            onChange={(value) => props.onEdit?.({ ...current, scale: Number(value) || 1 })}
          />
        </Stack>
      )}
    </Card>
  );
}
