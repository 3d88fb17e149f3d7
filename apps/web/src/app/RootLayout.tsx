import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { AnalyticsLoader } from "../features/analytics/AnalyticsLoader.tsx";
import { CookieBanner } from "../features/cookie-consent/CookieBanner.tsx";
import { ProgressBar } from "./ProgressBar.tsx";

/**
 * Everything that lives on every page regardless of its layout: the progress bar (also during lazy route
 * loads), scroll handling of spec §2, the cookie banner and the consent-gated analytics tag.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <ProgressBar active={navigation.state !== "idle"} />
      {/* In data mode this renders no inline script: it saves positions per history entry, restores them on
          back/forward, scrolls to the hash target or to the top on a new location. */}
      <ScrollRestoration />
      <Outlet />
      <CookieBanner />
      <AnalyticsLoader />
    </>
  );
}
