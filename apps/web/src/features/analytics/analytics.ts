import { analyticsConsented, type ConsentFlags } from "../cookie-consent/consent.ts";

/** The Google tag host; the server adds it to the CSP only when ANALYTICS_ID is configured. */
export const ANALYTICS_SCRIPT_ORIGIN = "https://www.googletagmanager.com";
const SCRIPT_MARKER = "data-handfont-analytics";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** The URL of the Google tag for a measurement id. */
export function analyticsScriptUrl(analyticsId: string): string {
  return `${ANALYTICS_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(analyticsId)}`;
}

/** Spec §4: load the tag only with an id configured and analytics accepted (policyReject never true). */
export function shouldLoadAnalytics(analyticsId: string | null | undefined, flags: ConsentFlags): boolean {
  return Boolean(analyticsId) && analyticsConsented(flags);
}

/**
 * Adds the Google tag as an external script and configures it from this bundle (the CSP allows no inline
 * scripts). Loads at most once per page; returns whether it added the script now.
 */
export function loadAnalytics(analyticsId: string, doc: Document = document, win: Window = window): boolean {
  if (doc.querySelector(`script[${SCRIPT_MARKER}]`)) return false;
  win.dataLayer = win.dataLayer ?? [];
  const gtag: Gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js only reads Arguments objects from the data layer
    win.dataLayer?.push(arguments);
  };
  win.gtag = gtag;
  gtag("js", new Date());
  gtag("config", analyticsId, { anonymize_ip: true });
  const script = doc.createElement("script");
  script.async = true;
  script.src = analyticsScriptUrl(analyticsId);
  script.setAttribute(SCRIPT_MARKER, "");
  doc.head.append(script);
  return true;
}
