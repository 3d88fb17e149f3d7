import { useEffect } from "react";
import { usePublicConfig } from "../../app/public-config.ts";
import { useConsent } from "../cookie-consent/consent-store.ts";
import { loadAnalytics, shouldLoadAnalytics } from "./analytics.ts";

/** Loads the analytics tag once the server names an id and the visitor has accepted analytics cookies. */
export function AnalyticsLoader() {
  const flags = useConsent();
  const analyticsId = usePublicConfig().data?.analyticsId ?? null;
  useEffect(() => {
    if (analyticsId && shouldLoadAnalytics(analyticsId, flags)) loadAnalytics(analyticsId);
  }, [analyticsId, flags]);
  return null;
}
