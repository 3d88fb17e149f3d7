import { z } from "zod";

/**
 * What the web build hands the server about its prerendered pages (apps/web/dist/prerendered/routes.json): the
 * server answers each path from it — a prerendered page, the app shell for pages rendered in the browser, or a
 * 404 page with status 404.
 */
export const PrerenderManifest = z.object({
  /** URL path (`/de/functions`) → HTML file, relative to the prerendered folder. */
  pages: z.record(z.string(), z.string()),
  /** Language → its 404 page, in which `/{lang}/{missingPath}` stands for the requested path. */
  notFound: z.record(z.string(), z.string()),
  missingPath: z.string().min(1),
  /** Other generated files (sitemap, robots.txt, feeds): URL path → file and content type. */
  files: z.record(z.string(), z.object({ file: z.string(), type: z.string() })),
  /** Paths below `/{lang}` of the pages the browser renders (`app/templates`; `:name` matches one segment). */
  clientPaths: z.array(z.string()),
});
export type PrerenderManifest = z.infer<typeof PrerenderManifest>;
