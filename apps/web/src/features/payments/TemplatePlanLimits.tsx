import type { PlanId, PlanLimits } from "@handfont/contract";
import { Alert, Badge, Group, Progress, Stack, Text } from "@mantine/core";
import { AppLink } from "../../app/AppLink.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { PremiumLink } from "./PlanLimitNotice.tsx";
import { type PlanNeeds, planFor } from "./plan-fit.ts";

/** A small "Premium" mark that leads to /sub, for options the user's plan does not include. */
export function PremiumBadge() {
  const { t } = useTranslation("payments");
  return (
    <Badge
      component={AppLink}
      page="sub"
      size="xs"
      variant="light"
      color="grape"
      style={{ cursor: "pointer", verticalAlign: "middle" }}
      data-testid="premium-badge"
    >
      {t("limits.premium")}
    </Badge>
  );
}

/** Which plan a ready-made template needs, as a badge. */
export function PlanNeededBadge({ needs }: { needs: PlanNeeds }) {
  const { t } = useTranslation("payments");
  const plan: PlanId = planFor(needs);
  return plan === "free" ? (
    <Badge size="sm" variant="light" color="teal" data-testid="plan-needed">
      {t("limits.needsFree")}
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="grape" data-testid="plan-needed">
      {t("limits.needsPremium")}
    </Badge>
  );
}

/**
 * The template builder's view of the plan while choosing: characters against the limit, variants and ligatures, so
 * nobody fills in pages the plan will not turn into a font without knowing it first.
 */
export function TemplatePlanLimits({ needs, limits }: { needs: PlanNeeds; limits: PlanLimits }) {
  const { t } = useTranslation("payments");
  const overCharacters = needs.characters > limits.charactersPerFont;
  const overVariants = needs.variants > limits.variantsPerCharacter;
  const blockedLigatures = needs.ligatures > 0 && !limits.ligatures;
  return (
    <Stack gap={6} data-testid="template-plan-limits">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t("limits.characters", { count: needs.characters, limit: limits.charactersPerFont })}</Text>
      </Group>
      <Progress
        value={Math.min(100, (needs.characters / limits.charactersPerFont) * 100)}
        color={overCharacters ? "orange" : "teal"}
        aria-label={t("limits.charactersLabel")}
      />
      <Text size="sm" c={overVariants ? "orange" : "dimmed"}>
        {t("limits.variants", { count: needs.variants, limit: limits.variantsPerCharacter })}
      </Text>
      {(overCharacters || overVariants || blockedLigatures) && (
        <Alert color="orange" variant="light" p="xs" data-testid="template-over-plan">
          <Stack gap={4}>
            {overCharacters && <Text size="sm">{t("limits.overCharacters", { limit: limits.charactersPerFont })}</Text>}
            {overVariants && <Text size="sm">{t("limits.overVariants", { limit: limits.variantsPerCharacter })}</Text>}
            {blockedLigatures && <Text size="sm">{t("limits.noLigatures")}</Text>}
            <PremiumLink />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
