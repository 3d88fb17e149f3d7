import { useEffect } from "react";
import { useShellSettings } from "../../app/shell-settings.ts";
import { useConsent } from "../cookie-consent/consent-store.ts";
import { loadAnalytics, shouldLoadAnalytics } from "./analytics.ts";

/** Loads the analytics tag once the server names an id and the visitor has accepted analytics cookies. */
export function AnalyticsLoader() {
  const flags = useConsent();
  const analyticsId = useShellSettings()?.analyticsId ?? null;
  useEffect(() => {
    if (analyticsId && shouldLoadAnalytics(analyticsId, flags)) loadAnalytics(analyticsId);
  }, [analyticsId, flags]);
  return null;
}
