import type { Language } from "@handfont/contract";
import type { ComponentType } from "react";

/** A page of the site: its path under `/{lang}`, its lazy module and the text namespaces it needs. */
export interface PageDefinition {
  /** Path below `/{lang}`; "" is the home page. Spelled as in spec §2 (e.g. CookiesPolicy). */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  namespaces: readonly string[];
}

/**
 * The pages that exist. Later features add theirs here (login, app, …); nothing links to a page before it
 * is in this table.
 */
export const PAGES = {
  home: { path: "", load: () => import("../pages/home/HomePage.tsx"), namespaces: ["home"] },
  functions: {
    path: "functions",
    load: () => import("../pages/functions/FunctionsPage.tsx"),
    namespaces: ["functions", "payments"],
  },
  privacy: {
    path: "privacy",
    load: () => import("../pages/legal/PrivacyPage.tsx"),
    namespaces: ["legal", "legal-privacy"],
  },
  cookies: {
    path: "CookiesPolicy",
    load: () => import("../pages/legal/CookiesPolicyPage.tsx"),
    namespaces: ["legal", "legal-cookies"],
  },
  offer: { path: "offer", load: () => import("../pages/legal/OfferPage.tsx"), namespaces: ["legal", "legal-offer"] },
  debug: { path: "debug", load: () => import("../pages/debug/DebugPage.tsx"), namespaces: ["debug"] },
  login: { path: "login", load: () => import("../pages/auth/LoginPage.tsx"), namespaces: ["auth"] },
  forgotPassword: {
    path: "forgotpassword",
    load: () => import("../pages/auth/ForgotPasswordPage.tsx"),
    namespaces: ["auth"],
  },
  resetPassword: {
    path: "forgotpasswordchangepassword",
    load: () => import("../pages/auth/ResetPasswordPage.tsx"),
    namespaces: ["auth"],
  },
  profile: { path: "profile", load: () => import("../pages/profile/ProfilePage.tsx"), namespaces: ["auth"] },
  // The workspace (spec §2: /app with the children templates, showsvg and instructions); /app lists the fonts.
  app: { path: "app", load: () => import("../pages/app/FontsPage.tsx"), namespaces: ["workspace", "payments"] },
  appTemplates: {
    path: "app/templates",
    load: () => import("../pages/app/TemplatesPage.tsx"),
    namespaces: ["workspace", "payments"],
  },
  appShowSvg: {
    path: "app/showsvg",
    load: () => import("../pages/app/ShowSvgPage.tsx"),
    namespaces: ["workspace", "payments"],
  },
  appInstructions: {
    path: "app/instructions",
    load: () => import("../pages/app/InstructionsPage.tsx"),
    namespaces: ["workspace", "instructions"],
  },
  // Premium (spec §2: /sub, /payment with pfail and psuccess, /addSubscriber/add).
  sub: { path: "sub", load: () => import("../pages/sub/SubPage.tsx"), namespaces: ["payments", "workspace"] },
  payment: {
    path: "payment",
    load: () => import("../pages/payment/PaymentPage.tsx"),
    namespaces: ["payments", "workspace"],
  },
  paymentSuccess: {
    path: "payment/psuccess",
    load: () => import("../pages/payment/PaymentSuccessPage.tsx"),
    namespaces: ["payments", "workspace"],
  },
  paymentFail: {
    path: "payment/pfail",
    load: () => import("../pages/payment/PaymentFailPage.tsx"),
    namespaces: ["payments", "workspace"],
  },
  addSubscriber: {
    path: "addSubscriber/add",
    load: () => import("../pages/admin/AddSubscriberPage.tsx"),
    namespaces: ["payments", "workspace"],
  },
} as const satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof PAGES;

/** Where the landing page's main call to action leads: making a template, the first step of a font. */
export const CALL_TO_ACTION_PAGE: PageId = "appTemplates";

/** The URL of a page in a language, optionally with a hash target (`#plans`). */
export function pagePath(language: Language, page: PageId, hash?: string): string {
  const path = PAGES[page].path;
  return `/${language}${path ? `/${path}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The page a URL path leads to, if any (`/de/functions` → functions). */
export function pageOfPath(pathname: string): PageId | undefined {
  const rest = pathname.split("/").slice(2).join("/").replace(/\/+$/, "");
  return (Object.keys(PAGES) as PageId[]).find((id) => PAGES[id].path === rest);
}
