import type { FontSettings } from "@handfont/contract";
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";

export type FontSettingsDraft = { name: string; settings: FontSettings };

/**
 * The font-wide settings: names, spacing, line height, stroke weight and kerning. Edits go to the page's draft at
 * once, so the live preview shows them before they are saved; the build uses the saved ones through the same path.
 */
export function FontSettingsPanel(props: {
  draft: FontSettingsDraft;
  onChange: (draft: FontSettingsDraft) => void;
  onSave: () => void;
  saving: boolean;
  saved: boolean;
  dirty: boolean;
}) {
  const { t } = useTranslation("font-settings");
  const { draft } = props;
  const set = (patch: Partial<FontSettings>) => props.onChange({ ...draft, settings: { ...draft.settings, ...patch } });
  const number = (value: string | number, fallback: number) => (typeof value === "number" ? value : fallback);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="font-settings-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="font-settings-title">
          {t("title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("hint")}
        </Text>
        <TextInput
          label={t("name")}
          value={draft.name}
          maxLength={100}
          onChange={(event) => props.onChange({ ...draft, name: event.currentTarget.value })}
          maw={360}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("letterSpacing")}
            description={t("letterSpacingHint")}
            value={draft.settings.letterSpacing}
            min={-300}
            max={1000}
            step={5}
            onChange={(value) => set({ letterSpacing: number(value, 0) })}
          />
          <NumberInput
            label={t("wordSpacing")}
            description={t("wordSpacingHint")}
            value={draft.settings.spaceWidth ?? ""}
            min={50}
            max={2000}
            step={10}
            onChange={(value) => set({ spaceWidth: typeof value === "number" ? value : null })}
          />
          <NumberInput
            label={t("lineHeight")}
            description={t("lineHeightHint")}
            value={draft.settings.lineHeight}
            min={0.8}
            max={3}
            step={0.05}
            decimalScale={2}
            onChange={(value) => set({ lineHeight: number(value, 1.25) })}
          />
          <NumberInput
            label={t("strokeWeight")}
            description={t("strokeWeightHint")}
            value={draft.settings.strokeWeight}
            min={-40}
            max={40}
            step={2}
            onChange={(value) => set({ strokeWeight: number(value, 0) })}
          />
        </SimpleGrid>
        <Switch
          label={t("kerning")}
          checked={draft.settings.kerning === "auto"}
          onChange={(event) => set({ kerning: event.currentTarget.checked ? "auto" : "off" })}
        />
        <Group>
          <Button onClick={props.onSave} loading={props.saving} disabled={!props.dirty || draft.name.trim() === ""}>
            {t("save")}
          </Button>
          {props.saved && !props.dirty && (
            <Text size="sm" c="teal" role="status">
              {t("saved")}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
