// Constants only (no schema library), so the web app's shell can import them without it.

/**
 * Absolute URLs in prerendered files (canonical, alternates, Open Graph, sitemap, feeds) carry this origin; the
 * server replaces it with its PUBLIC_URL.
 */
export const ORIGIN_PLACEHOLDER = "https://public-origin.handfont.invalid";

/** Markers around index.html's default page head, which a prerendered page replaces with its own. */
export const PAGE_HEAD_START = "<!--page-head-->";
export const PAGE_HEAD_END = "<!--/page-head-->";
