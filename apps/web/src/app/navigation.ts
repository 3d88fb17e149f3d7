import type { PageId } from "./pages.ts";

/** The header's navigation entries; `label` is a key of the common namespace. */
export const NAVIGATION: readonly { label: string; page: PageId; hash?: string }[] = [
  { label: "nav.howItWorks", page: "home", hash: "how-it-works" },
  { label: "nav.functions", page: "functions" },
  { label: "nav.plans", page: "functions", hash: "plans" },
  { label: "nav.workspace", page: "app" },
];
