import { Anchor } from "@mantine/core";
import { ApiError } from "../../api/errors.ts";
import { AppLink } from "../../app/AppLink.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

/** True for the errors a plan's limit gives (PLAN_LIMIT_*): each of them leads to /sub. */
export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code.startsWith("PLAN_LIMIT_");
}

/** The link every limit error carries: what premium allows, and how to get it. */
export function PremiumLink() {
  const { t } = useTranslation("payments");
  return (
    <Anchor component={AppLink} page="sub" fw={600} data-testid="premium-link">
      {t("limits.seePremium")}
    </Anchor>
  );
}
