import { useEffect } from "react";
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
  // Marks the document once React has hydrated (or rendered) it and answers clicks. A prerendered page shows its
  // text and fires `load` before its app is even fetched (src/app/after-paint.ts): e2e tests wait for this mark
  // (e2e/support/fixtures.ts). An attribute of <html>, which React does not render, so hydration never sees it.
  useEffect(() => {
    document.documentElement.dataset.interactive = "";
  }, []);
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
