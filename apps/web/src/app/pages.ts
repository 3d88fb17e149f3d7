import type { Language } from "@handfont/contract";
import type { ComponentType } from "react";
import type { InstructionSlug } from "../content/types.ts";

/** A page of the site: its path under `/{lang}`, its lazy module and the text namespaces it needs. */
export interface PageDefinition {
  /** Path below `/{lang}`; "" is the home page. Spelled as in spec §2 (e.g. CookiesPolicy); `:name` is a parameter. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  namespaces: readonly string[];
  /** Data the page needs before it renders, read with useLoaderData(); null makes the page a 404. */
  data?: (args: { language: Language; params: Record<string, string | undefined> }) => Promise<unknown>;
  /**
   * A public page, rendered to HTML at build time so search engines, link previews and a phone's first paint get
   * its text (then it hydrates). Pages behind sign-in stay rendered in the browser.
   */
  prerender?: boolean;
  /**
   * False for pages that read no server data through the query cache (useQuery): they render without it, and the
   * cache's code is not downloaded for them. Pages use it by default.
   */
  queries?: false;
}

/** One of the instructions pages of spec §2 (`/{lang}/instructions/…`), compiled from apps/web/content. */
function instructionsPage(slug: InstructionSlug) {
  return {
    path: slug === "overview" ? "instructions" : `instructions/${slug}`,
    load: () => import("../pages/instructions/InstructionsPage.tsx"),
    namespaces: ["content"],
    data: async ({ language }: { language: Language }) =>
      (await import("virtual:content")).loadInstructions(language, slug),
    prerender: true,
    queries: false,
  } satisfies PageDefinition;
}

/**
 * The pages that exist. Later features add theirs here (login, app, …); nothing links to a page before it
 * is in this table.
 */
export const PAGES = {
  home: {
    path: "",
    load: () => import("../pages/home/HomePage.tsx"),
    namespaces: ["home"],
    prerender: true,
    queries: false,
  },
  functions: {
    path: "functions",
    load: () => import("../pages/functions/FunctionsPage.tsx"),
    namespaces: ["functions", "payments"],
    prerender: true,
    queries: false,
  },
  privacy: {
    path: "privacy",
    load: () => import("../pages/legal/PrivacyPage.tsx"),
    namespaces: ["legal", "legal-privacy"],
    prerender: true,
  },
  cookies: {
    path: "CookiesPolicy",
    load: () => import("../pages/legal/CookiesPolicyPage.tsx"),
    namespaces: ["legal", "legal-cookies"],
    prerender: true,
  },
  offer: {
    path: "offer",
    load: () => import("../pages/legal/OfferPage.tsx"),
    namespaces: ["legal", "legal-offer"],
    prerender: true,
  },
  debug: { path: "debug", load: () => import("../pages/debug/DebugPage.tsx"), namespaces: ["debug"] },
  login: {
    path: "login",
    load: () => import("../pages/auth/LoginPage.tsx"),
    namespaces: ["auth", "account"],
    prerender: true,
  },
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
  profile: {
    path: "profile",
    load: () => import("../pages/profile/ProfilePage.tsx"),
    // The account deletion card lists the fonts with the workspace's own notices.
    namespaces: ["auth", "account", "workspace"],
  },
  // The workspace (spec §2: /app with the children templates, showsvg and instructions); /app lists the fonts.
  app: {
    path: "app",
    load: () => import("../pages/app/FontsPage.tsx"),
    namespaces: ["workspace", "manage", "payments"],
  },
  appTemplates: {
    path: "app/templates",
    load: () => import("../pages/app/TemplatesPage.tsx"),
    namespaces: ["workspace", "manage", "payments"],
  },
  appShowSvg: {
    path: "app/showsvg",
    load: () => import("../pages/app/ShowSvgPage.tsx"),
    namespaces: ["workspace", "manage", "payments", "letters", "font-settings"],
  },
  appInstructions: {
    path: "app/instructions",
    load: () => import("../pages/app/InstructionsPage.tsx"),
    namespaces: ["workspace", "instructions", "content"],
  },
  instructions: instructionsPage("overview"),
  instructionsWithTemplate: instructionsPage("withtemplate"),
  instructionsWithEditor: instructionsPage("witheditor"),
  instructionsRandomize: instructionsPage("randomize"),
  instructionsLigatures: instructionsPage("ligatures"),
  instructionsFaq: instructionsPage("faq"),
  blog: {
    path: "blog",
    load: () => import("../pages/blog/BlogListPage.tsx"),
    namespaces: ["content"],
    data: async ({ language }) => (await import("virtual:content")).loadBlogIndex(language),
    prerender: true,
    queries: false,
  },
  blogPost: {
    path: "blog/:slug",
    load: () => import("../pages/blog/BlogPostPage.tsx"),
    namespaces: ["content"],
    data: async ({ language, params }) => (await import("virtual:content")).loadPost(language, params.slug ?? ""),
    prerender: true,
    queries: false,
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

/** The URL of a page in a language, optionally with a hash target (`#plans`); `:name` segments come from `params`. */
export function pagePath(
  language: Language,
  page: PageId,
  hash?: string,
  params: Readonly<Record<string, string>> = {},
): string {
  const path: string = PAGES[page].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return `/${language}${path ? `/${path}` : ""}${hash ? `#${hash}` : ""}`;
}

/** Whether a page path (`blog/:slug`) matches the part of a URL below the language (`blog/my-post`). */
export function matchesPath(path: string, rest: string): boolean {
  const pattern = path === "" ? [] : path.split("/");
  const parts = rest === "" ? [] : rest.split("/");
  return (
    pattern.length === parts.length && pattern.every((segment, i) => segment.startsWith(":") || segment === parts[i])
  );
}

/** The page a URL path leads to, if any (`/de/functions` → functions). */
export function pageOfPath(pathname: string): PageId | undefined {
  const rest = pathname.split("/").slice(2).join("/").replace(/\/+$/, "");
  return (Object.keys(PAGES) as PageId[]).find((id) => matchesPath(PAGES[id].path, rest));
}
