import { PLAN_IDS, PLAN_LIMITS, type PlanId } from "@handfont/contract";
import { Badge, Card, List, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Free and premium side by side, from the one plan configuration (contract's PLAN_LIMITS). */
export function PlanCards({ current }: { current: PlanId | null }) {
  const { t } = useTranslation("payments");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="plan-cards">
      {PLAN_IDS.map((plan) => {
        const limits = PLAN_LIMITS[plan];
        return (
          <Card key={plan} withBorder padding="lg" data-testid={`plan-${plan}`}>
            <Title order={3} mb="xs">
              {t(`plans.${plan}`)}{" "}
              {current === plan && (
                <Badge variant="light" color="teal" ml={4}>
                  {t("plans.current")}
                </Badge>
              )}
            </Title>
            <List spacing={4} size="sm">
              <List.Item>{t("plans.fonts", { count: limits.fonts })}</List.Item>
              <List.Item>{t("plans.characters", { count: limits.charactersPerFont })}</List.Item>
              <List.Item>{t("plans.variants", { count: limits.variantsPerCharacter })}</List.Item>
              <List.Item>{limits.ligatures ? t("plans.ligaturesYes") : t("plans.ligaturesNo")}</List.Item>
              <List.Item>{t("plans.keep")}</List.Item>
            </List>
          </Card>
        );
      })}
      <Text size="sm" c="dimmed">
        {t("plans.afterPremium")}
      </Text>
    </SimpleGrid>
  );
}
