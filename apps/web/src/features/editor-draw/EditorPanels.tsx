import { type CharacterPlan, DEFAULT_ERASER_RADIUS, MAX_PLAN_VARIANTS } from "@handfont/editor";
import { DEFAULT_PEN, type PenOptions } from "@handfont/engine/fonts";
import { CHARACTER_SET_IDS, type CharacterSetId } from "@handfont/engine/templates";
import { Button, Checkbox, NumberInput, Paper, Slider, Stack, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ERASER_RANGE, PEN_RANGES, type PenSetting } from "./editor-settings.ts";

const PEN_SETTINGS = Object.keys(PEN_RANGES) as PenSetting[];

/**
 * The pen's size, thinning, smoothing and streamline (perfect-freehand), for the strokes drawn from now on, and the
 * erasers' size.
 */
export function PenSettingsPanel({
  pen,
  onChange,
  eraser,
  onEraserChange,
}: {
  pen: PenOptions;
  onChange: (pen: PenOptions) => void;
  eraser: number;
  onEraserChange: (radius: number) => void;
}) {
  const { t } = useTranslation("editor");
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="h5" mb="xs">
        {t("pen.title")}
      </Title>
      <Stack gap="sm">
        {PEN_SETTINGS.map((setting) => (
          <div key={setting}>
            <Text size="sm">
              {t(`pen.${setting}`)}: {pen[setting]}
            </Text>
            <Slider
              thumbLabel={t(`pen.${setting}`)}
              min={PEN_RANGES[setting].min}
              max={PEN_RANGES[setting].max}
              step={PEN_RANGES[setting].step}
              value={pen[setting]}
              onChange={(value) => onChange({ ...pen, [setting]: value })}
              thumbSize={22}
              label={null}
            />
          </div>
        ))}
        <div>
          <Text size="sm">
            {t("pen.eraser")}: {eraser}
          </Text>
          <Slider
            thumbLabel={t("pen.eraser")}
            min={ERASER_RANGE.min}
            max={ERASER_RANGE.max}
            step={ERASER_RANGE.step}
            value={eraser}
            onChange={onEraserChange}
            thumbSize={22}
            label={null}
          />
        </div>
        <Button
          variant="subtle"
          h={44}
          onClick={() => {
            onChange({ ...DEFAULT_PEN });
            onEraserChange(DEFAULT_ERASER_RADIUS);
          }}
          disabled={
            eraser === DEFAULT_ERASER_RADIUS && PEN_SETTINGS.every((setting) => pen[setting] === DEFAULT_PEN[setting])
          }
        >
          {t("pen.reset")}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Which letters to draw: the template's character sets, further characters, ligatures and variants. */
export function PlanPanel({ plan, onChange }: { plan: CharacterPlan; onChange: (plan: CharacterPlan) => void }) {
  const { t } = useTranslation(["editor", "workspace"]);
  return (
    <Paper withBorder p="sm">
      <Title order={2} fz="h5" mb="xs">
        {t("plan.title")}
      </Title>
      <Stack gap="sm">
        <Checkbox.Group
          label={t("workspace:templates.sets")}
          value={plan.sets}
          onChange={(sets) => onChange({ ...plan, sets: sets as CharacterSetId[] })}
        >
          <Stack gap={6} mt={4}>
            {CHARACTER_SET_IDS.map((id) => (
              <Checkbox key={id} value={id} label={t(`workspace:sets.${id}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          label={t("workspace:templates.chars")}
          description={t("workspace:templates.charsHint")}
          value={plan.custom}
          onChange={(event) => onChange({ ...plan, custom: event.currentTarget.value })}
        />
        <TagsInput
          label={t("workspace:templates.ligatures")}
          description={t("workspace:templates.ligaturesHint")}
          value={plan.ligatures}
          onChange={(ligatures) => onChange({ ...plan, ligatures })}
        />
        <NumberInput
          label={t("workspace:templates.variants")}
          description={t("workspace:templates.variantsHint")}
          min={1}
          max={MAX_PLAN_VARIANTS}
          value={plan.variants}
          onChange={(value) => onChange({ ...plan, variants: typeof value === "number" ? value : 1 })}
        />
      </Stack>
    </Paper>
  );
}
